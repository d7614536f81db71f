#include "posenc/absolute.hpp"

#include <cmath>
#include <string>

#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"

namespace posenc {

Result<MatrixXd> sinusoidal_table(const Positions& positions, double dim_in, double base, SinusoidalLayout layout) {
  if (auto st = check_dim("dim", dim_in, true); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_positions(positions); !st.ok()) return st;
  if (auto st = check_result_size("sinusoidal table", static_cast<double>(positions.count) * dim_in, 8); !st.ok()) {
    return st;
  }
  const int dim = static_cast<int>(dim_in);
  const int half = dim / 2;
  const auto inv = default_inv_freq(dim, base);
  MatrixXd pe(positions.count, dim);
  for (std::int64_t r = 0; r < positions.count; ++r) {
    const VectorXd p = sinusoid(positions.at(r), inv);
    for (int i = 0; i < half; ++i) {
      const int si = layout == SinusoidalLayout::Interleaved ? 2 * i : i;
      const int ci = layout == SinusoidalLayout::Interleaved ? 2 * i + 1 : half + i;
      pe(r, si) = p(2 * i);
      pe(r, ci) = p(2 * i + 1);
    }
  }
  return pe;
}

VectorXd sinusoid(double pos, const std::vector<double>& inv_freq) {
  VectorXd p(2 * static_cast<Eigen::Index>(inv_freq.size()));
  for (std::size_t i = 0; i < inv_freq.size(); ++i) {  // pair
    const double a = pos * inv_freq[i];
    p(2 * static_cast<Eigen::Index>(i)) = std::sin(a);
    p(2 * static_cast<Eigen::Index>(i) + 1) = std::cos(a);
  }
  return p;
}

MatrixXd sinusoid_rows(double start, int n, const std::vector<double>& inv_freq, bool sines_only) {
  const auto pairs = static_cast<Eigen::Index>(inv_freq.size());
  MatrixXd out(n, sines_only ? pairs : 2 * pairs);
  for (int r = 0; r < n; ++r) {
    const VectorXd p = sinusoid(start + r, inv_freq);
    if (sines_only) {
      for (Eigen::Index i = 0; i < pairs; ++i) out(r, i) = p(2 * i);
    } else {
      out.row(r) = p.transpose();
    }
  }
  return out;
}

std::vector<double> integer_encoding(std::int64_t n) {
  std::vector<double> v(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) v[static_cast<std::size_t>(k)] = static_cast<double>(k);
  return v;
}

Result<std::vector<double>> normalized_encoding(double count) {
  if (auto st = check_integer("n", count, 0, kMaxTableRows); !st.ok()) return st;
  const auto n = static_cast<std::int64_t>(count);
  std::vector<double> v(static_cast<std::size_t>(n), 0.0);
  for (std::int64_t k = 0; k < n && n > 1; ++k) {
    v[static_cast<std::size_t>(k)] = static_cast<double>(k) / static_cast<double>(n - 1);
  }
  return v;
}

Result<MatrixXd> binary_encoding(double count, double width) {
  if (auto st = check_integer("n", count, 0, kMaxTableRows); !st.ok()) return st;
  if (auto st = check_integer("bits", width, 1, kMaxBits); !st.ok()) return st;
  const auto n = static_cast<std::int64_t>(count);
  const int bits = static_cast<int>(width);
  if (n > 0 && static_cast<double>(n - 1) >= std::ldexp(1.0, bits)) {
    return Status::range("position " + std::to_string(n - 1) + " does not fit in " + std::to_string(bits) + " bits");
  }
  MatrixXd m(n, bits);
  for (std::int64_t p = 0; p < n; ++p) {
    for (int b = 0; b < bits; ++b) m(p, b) = static_cast<double>((p >> (bits - 1 - b)) & 1);
  }
  return m;
}

Result<MatrixXd> random_normal(double seed, double rows, double cols, double stddev) {
  if (auto st = check_integer("seed", seed, 0, kMaxSeed); !st.ok()) return st;
  if (auto st = check_integer("rows", rows, 0, kMaxMatrixSide); !st.ok()) return st;
  if (auto st = check_integer("cols", cols, 0, kMaxMatrixSide); !st.ok()) return st;
  if (auto st = check_positive("stddev", stddev); !st.ok()) return st;
  Rng rng(static_cast<std::uint64_t>(seed));
  return rng.normal_matrix(static_cast<int>(rows), static_cast<int>(cols), stddev);
}

std::uint64_t Rng::next_u64() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double Rng::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double Rng::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double u = 0;
  while (u <= 0) u = uniform();
  const double v = uniform();
  const double r = std::sqrt(-2.0 * std::log(u));
  const double t = 2 * 3.14159265358979323846 * v;
  spare_ = r * std::sin(t);
  has_spare_ = true;
  return r * std::cos(t);
}

MatrixXd Rng::normal_matrix(int rows, int cols, double stddev) {
  MatrixXd m(rows, cols);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) m(r, c) = normal() * stddev;
  }
  return m;
}

Result<LearnedTable> learned_table(double n_max, double dim, std::uint64_t seed, double stddev) {
  if (auto st = check_count("n_max", n_max, kMaxTableRows); !st.ok()) return st;
  if (n_max < 1) return Status::range("n_max must be at least 1, got 0");
  if (auto st = check_dim("dim", dim, false); !st.ok()) return st;
  if (auto st = check_positive("stddev", stddev); !st.ok()) return st;
  if (auto st = check_result_size("learned table", n_max * dim, 8); !st.ok()) return st;
  LearnedTable t;
  t.n_max = static_cast<std::int64_t>(n_max);
  t.dim = static_cast<int>(dim);
  Rng rng(seed);
  t.weights = rng.normal_matrix(static_cast<int>(t.n_max), t.dim, stddev);
  return t;
}

Result<MatrixXd> learned_lookup(const LearnedTable& table, const std::vector<double>& positions) {
  MatrixXd out(static_cast<Eigen::Index>(positions.size()), table.dim);
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const double p = positions[k];
    if (!std::isfinite(p) || std::floor(p) != p || p < 0) {
      return Status::range("positions[" + std::to_string(k) + "] must be a non-negative integer, got " + format_number(p));
    }
    if (p >= static_cast<double>(table.n_max)) {
      return Status::range("position " + format_number(p) + " is beyond the learned table: it has rows 0 to " +
                           std::to_string(table.n_max - 1) + " (n_max = " + std::to_string(table.n_max) +
                           "); a learned encoding has no row past its table, whatever length it was trained on");
    }
    out.row(static_cast<Eigen::Index>(k)) = table.weights.row(static_cast<Eigen::Index>(p));
  }
  return out;
}

Result<MatrixXd> learned_rows(double n_max, double dim, double seed, const std::vector<double>& positions) {
  if (auto st = check_integer("seed", seed, 0, kMaxSeed); !st.ok()) return st;
  auto table = learned_table(n_max, dim, static_cast<std::uint64_t>(seed));
  if (!table.ok()) return table.status;
  return learned_lookup(table.value, positions);
}

}  // namespace posenc
