#include "posenc/lab_analysis.hpp"

#include <cmath>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/limits.hpp"

namespace posenc::lab {

Result<TableProfile> table_profile(const float* table, double rows_in, double cols_in) {
  if (auto s = check_integer("rows", rows_in, 2, kMaxLabTableSide); !s.ok()) return s;
  if (auto s = check_integer("cols", cols_in, 1, kMaxLabTableSide); !s.ok()) return s;
  const int rows = static_cast<int>(rows_in), cols = static_cast<int>(cols_in);
  const std::size_t R = static_cast<std::size_t>(rows), C = static_cast<std::size_t>(cols);
  for (std::size_t i = 0; i < R * C; ++i) {
    if (!std::isfinite(table[i])) return Status::range("table[" + std::to_string(i) + "] must be finite");
  }
  TableProfile p;
  p.rows = rows;
  p.cols = cols;
  std::vector<double> norm(R, 0.0);
  for (std::size_t i = 0; i < R; ++i) {  // row
    for (std::size_t c = 0; c < C; ++c) norm[i] += static_cast<double>(table[i * C + c]) * table[i * C + c];
    norm[i] = std::sqrt(norm[i]);
  }
  p.similarity.assign(R * R, 0.0);
  for (std::size_t i = 0; i < R; ++i) {
    for (std::size_t j = 0; j < R; ++j) {
      double dot = 0;
      for (std::size_t c = 0; c < C; ++c) dot += static_cast<double>(table[i * C + c]) * table[j * C + c];
      p.similarity[i * R + j] = norm[i] > 0 && norm[j] > 0 ? dot / (norm[i] * norm[j]) : 0.0;
    }
  }
  p.by_distance.assign(R, 0.0);
  for (std::size_t k = 0; k < R; ++k) {  // distance
    double sum = 0;
    for (std::size_t i = 0; i + k < R; ++i) sum += p.similarity[i * R + i + k];
    p.by_distance[k] = sum / static_cast<double>(R - k);
  }
  const double pi = 3.14159265358979323846;
  const std::size_t half = R / 2;
  p.wave_share.assign(C, 0.0);
  p.dominant.assign(C, 0);
  for (std::size_t c = 0; c < C; ++c) {  // column
    double mean = 0;
    for (std::size_t i = 0; i < R; ++i) mean += table[i * C + c];
    mean /= static_cast<double>(R);
    double total = 0, best = 0;
    int best_k = 0;
    for (std::size_t k = 1; k <= half; ++k) {  // frequency: k cycles over the rows
      double re = 0, im = 0;
      for (std::size_t i = 0; i < R; ++i) {
        const double a = 2 * pi * static_cast<double>((k * i) % R) / static_cast<double>(R);
        const double x = table[i * C + c] - mean;
        re += x * std::cos(a);
        im -= x * std::sin(a);
      }
      // Parseval: frequencies k and R − k carry the same energy, except the Nyquist one (2k = R)
      const double e = (re * re + im * im) * (2 * k == R ? 1.0 : 2.0);
      total += e;
      if (e > best) best = e, best_k = static_cast<int>(k);
    }
    p.wave_share[c] = total > 0 ? best / total : 0.0;
    p.dominant[c] = total > 0 ? best_k : 0;
    p.mean_wave_share += p.wave_share[c] / static_cast<double>(C);
  }
  return p;
}

Result<std::vector<float>> lab_sinusoids(double rows, double d_model) {
  if (auto s = check_integer("rows", rows, 1, kMaxLabTableSide); !s.ok()) return s;
  if (auto s = check_integer("d_model", d_model, 2, kMaxLabTableSide); !s.ok()) return s;
  if (auto s = check_dim("d_model", d_model, true); !s.ok()) return s;
  auto t = sinusoidal_table(Positions::range(rows), d_model, 10000, SinusoidalLayout::Interleaved);
  if (!t.ok()) return t.status;
  std::vector<float> out(static_cast<std::size_t>(t.value.size()));
  for (Eigen::Index i = 0; i < t.value.size(); ++i) out[static_cast<std::size_t>(i)] = static_cast<float>(t.value.data()[i]);
  return out;
}

}  // namespace posenc::lab
