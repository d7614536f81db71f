#include "posenc/recent_encodings.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"

namespace posenc {

Result<MatrixXd> xpos_scale(double dim, const Positions& positions, double scale_base, double gamma) {
  if (auto s = check_dim("dim", dim, true); !s.ok()) return s;
  if (auto s = check_positions(positions); !s.ok()) return s;
  if (auto s = check_real("scaleBase", scale_base, 0, 1e12, true); !s.ok()) return s;
  if (auto s = check_real("gamma", gamma, 0, 1e6, true); !s.ok()) return s;
  const int pairs = static_cast<int>(dim) / 2;
  if (auto s = check_result_size("xposScale", static_cast<double>(positions.count) * pairs, 8); !s.ok()) return s;
  MatrixXd out(static_cast<Eigen::Index>(positions.count), pairs);
  for (std::int64_t r = 0; r < positions.count; ++r) {  // position
    const double p = positions.at(r);
    for (int i = 0; i < pairs; ++i) {  // plane
      const double zeta = (2.0 * i / dim + gamma) / (1 + gamma);
      out(static_cast<Eigen::Index>(r), i) = std::exp(p * std::log(zeta) / scale_base);
    }
  }
  return out;
}

Result<std::vector<double>> p_rope_frequencies(double dim, double base, double p) {
  if (auto s = check_dim("dim", dim, true); !s.ok()) return s;
  if (auto s = check_base(base); !s.ok()) return s;
  if (auto s = check_real("p", p, 0, 1); !s.ok()) return s;
  auto f = default_inv_freq(static_cast<int>(dim), base);
  const std::size_t kept = static_cast<std::size_t>(std::floor(p * dim / 2));
  for (std::size_t k = kept; k < f.size(); ++k) f[k] = 0;
  return f;
}

Status check_kerple(const std::vector<double>& r1, const std::vector<double>& r2, double len) {
  if (r1.empty() || r1.size() > static_cast<std::size_t>(kMaxAlibiHeads)) {
    return Status::range("r1 must have 1 to " + std::to_string(kMaxAlibiHeads) + " values (one per head), got " +
                         std::to_string(r1.size()));
  }
  if (r2.size() != r1.size()) {
    return Status::range("r2 must have one value per head, as r1 (" + std::to_string(r1.size()) + "), got " +
                         std::to_string(r2.size()));
  }
  for (std::size_t h = 0; h < r1.size(); ++h) {
    if (!(std::isfinite(r1[h]) && r1[h] > 0)) return Status::range("r1[" + std::to_string(h) + "] must be a finite number > 0");
    if (!(std::isfinite(r2[h]) && r2[h] > 0)) return Status::range("r2[" + std::to_string(h) + "] must be a finite number > 0");
  }
  if (auto s = check_integer("length", len, 1, kMaxAlibiLength); !s.ok()) return s;
  return check_result_size("kerpleBias", static_cast<double>(r1.size()) * len * len, 4);
}

void kerple_bias(const std::vector<double>& r1, const std::vector<double>& r2, int len, bool causal, float* out) {
  for (std::size_t h = 0; h < r1.size(); ++h) {  // head
    for (int i = 0; i < len; ++i) {                // query
      for (int j = 0; j < len; ++j) {              // key
        const double v = causal && j > i ? 0.0 : -r1[h] * std::log1p(r2[h] * std::abs(i - j));
        out[(h * static_cast<std::size_t>(len) + i) * len + j] = static_cast<float>(v);
      }
    }
  }
}

Result<MatrixXd> fire_distance(double length, double c, double threshold) {
  if (auto s = check_integer("length", length, 1, kMaxMatrixSide); !s.ok()) return s;
  if (auto s = check_real("c", c, 0, 1e6, true); !s.ok()) return s;
  if (auto s = check_real("threshold", threshold, 0, 1e12); !s.ok()) return s;
  const int n = static_cast<int>(length);
  const auto psi = [&](double x) { return std::log(std::fabs(c * x) + 1); };
  MatrixXd out = MatrixXd::Zero(n, n);
  for (int i = 0; i < n; ++i) {  // query
    const double norm = psi(std::max<double>(i, threshold)) + 1e-6;
    for (int j = 0; j <= i; ++j) out(i, j) = psi(i - j) / norm;  // key
  }
  return out;
}

Result<std::vector<int>> no_rope_layers(double num_layers, double interval) {
  if (auto s = check_integer("numLayers", num_layers, 1, 4096); !s.ok()) return s;
  if (auto s = check_integer("interval", interval, 1, 4096); !s.ok()) return s;
  std::vector<int> out(static_cast<std::size_t>(num_layers));
  for (int l = 0; l < static_cast<int>(num_layers); ++l) out[static_cast<std::size_t>(l)] = (l + 1) % static_cast<int>(interval) != 0;
  return out;
}

Result<std::vector<double>> llama4_attention_scale(const std::vector<double>& positions, double floor_scale,
                                                   double attn_scale) {
  if (auto s = check_count("positions", static_cast<double>(positions.size()), kMaxPositions); !s.ok()) return s;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (!std::isfinite(positions[i]) || positions[i] < 0) {
      return Status::range("positions[" + std::to_string(i) + "] must be a finite number ≥ 0");
    }
  }
  if (auto s = check_real("floorScale", floor_scale, 0, 1e12, true); !s.ok()) return s;
  if (auto s = check_real("attnScale", attn_scale, 0, 1e6); !s.ok()) return s;
  std::vector<double> out(positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) {
    out[i] = std::log1p(std::floor((positions[i] + 1) / floor_scale)) * attn_scale + 1;
  }
  return out;
}

}  // namespace posenc
