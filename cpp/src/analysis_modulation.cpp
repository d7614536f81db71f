#include "posenc/analysis_modulation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/analysis_rope.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

namespace posenc {

namespace {

constexpr double kPi = 3.14159265358979323846;

// The sinusoidal pair of one frequency at position pos, in the seeds' order (sin, cos).
Eigen::Vector2d pe_pair(double pos, double omega) { return sinusoid(pos, {omega}); }

struct Plane {
  Eigen::Vector2d q, k;
  double omega;
  double additive(double m, double n) const { return (q + pe_pair(m, omega)).dot(k + pe_pair(n, omega)); }
  double cross(double m, double n) const { return q.dot(pe_pair(n, omega)) + pe_pair(m, omega).dot(k); }
  double rope(double m, double n) const { return (rotation2(m * omega) * q).dot(rotation2(n * omega) * k); }
};

}  // namespace

Result<ModulationCurves> modulation_curves(double phi_degrees, double omega, double delta, double m, double span,
                                           double positions) {
  if (auto st = check_finite("phi", phi_degrees); !st.ok()) return st;
  if (auto st = check_positive("omega", omega); !st.ok()) return st;
  if (auto st = check_integer("span", span, 1, kMaxRelativeLength); !st.ok()) return st;
  if (auto st = check_integer("delta", delta, -span, span); !st.ok()) return st;
  if (auto st = check_integer("positions", positions, 1, kMaxRelativeLength); !st.ok()) return st;
  if (auto st = check_integer("m", m, 0, kMaxRelativeLength); !st.ok()) return st;
  const double phi = phi_degrees * kPi / 180;
  const Plane one{{1, 0}, {std::cos(phi), std::sin(phi)}, omega};
  const Plane zero{{1, 0}, {1, 0}, omega};  // φ = 0: k along q
  const int s = static_cast<int>(span), count = static_cast<int>(positions);
  ModulationCurves c;
  const double content = one.q.dot(one.k);
  for (int d = -s; d <= s; ++d) {
    c.deltas.push_back(d);
    // 003's kept terms: qᵀk and p_mᵀp_n (whose value does not depend on m: it is cos ωΔ).
    c.additive_kept.push_back(content + pe_pair(m, omega).dot(pe_pair(m + d, omega)));
    c.additive_kept_phi0.push_back(zero.q.dot(zero.k) + pe_pair(m, omega).dot(pe_pair(m + d, omega)));
    c.additive_full.push_back(one.additive(m, m + d));
    c.cross.push_back(one.cross(m, m + d));
    c.rope.push_back(one.rope(m, m + d));
    c.rope_phi0.push_back(zero.rope(m, m + d));
    double amin = std::numeric_limits<double>::infinity(), amax = -amin, rmin = amin, rmax = -amin;
    for (int mm = 0; mm < count; ++mm) {  // query position
      const double a = one.additive(mm, mm + d), r = one.rope(mm, mm + d);
      amin = std::min(amin, a);
      amax = std::max(amax, a);
      rmin = std::min(rmin, r);
      rmax = std::max(rmax, r);
    }
    c.additive_min.push_back(amin);
    c.additive_max.push_back(amax);
    c.rope_min.push_back(rmin);
    c.rope_max.push_back(rmax);
  }
  const auto at = static_cast<std::size_t>(static_cast<int>(delta) + s);
  c.rope_at = c.rope[at];
  c.additive_kept_at = c.additive_kept[at];
  c.additive_full_at = c.additive_full[at];
  c.cross_at = c.cross[at];
  c.additive_m_spread = c.additive_max[at] - c.additive_min[at];
  c.rope_m_spread = c.rope_max[at] - c.rope_min[at];
  c.vertical_shift = content - zero.q.dot(zero.k);
  // The peak of cos(φ + ωΔ) nearest Δ = 0: R(ωΔ)k lines up with q when φ + ωΔ = 0.
  c.horizontal_shift = -std::atan2(one.k.y(), one.k.x()) / omega;
  return c;
}

Result<ModulationSplit> modulation_split(double seed, double delta, double dim) {
  if (auto st = check_integer("seed", seed, 0, kMaxSeed - 100); !st.ok()) return st;
  if (auto st = check_finite("delta", delta); !st.ok()) return st;
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (dim > kMaxToySide) return Status::range("dim must be at most " + std::to_string(kMaxToySide) + ", got " + format_number(dim));
  const int d = static_cast<int>(dim);
  Rng rq(static_cast<std::uint64_t>(seed)), rk(static_cast<std::uint64_t>(seed) + 100);
  const MatrixXd q = rq.normal_matrix(1, d, 1.0), k = rk.normal_matrix(1, d, 1.0);
  const auto inv = default_inv_freq(d, 10000);
  auto s = rope_split(q.row(0).transpose(), k.row(0).transpose(), delta, inv);
  if (!s.ok()) return s.status;
  ModulationSplit out;
  out.cos_term = s.value.cos_term;
  out.sin_term = s.value.sin_term;
  out.direct = s.value.direct;
  for (std::size_t i = 0; i < inv.size(); ++i) {
    out.sum.push_back(out.cos_term[i] + out.sin_term[i]);
    out.max_abs_difference = std::max(out.max_abs_difference, std::abs(out.sum[i] - out.direct[i]));
    out.total += out.direct[i];
  }
  return out;
}

}  // namespace posenc
