#include "posenc/analysis_rope.hpp"


#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/analysis_attention.hpp"
#include "posenc/angle_walk.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

namespace posenc {

Result<RopeSplit> rope_split(const VectorXd& q, const VectorXd& k, double delta, const std::vector<double>& inv_freq) {
  if (q.size() != k.size() || q.size() != 2 * static_cast<Eigen::Index>(inv_freq.size())) {
    return Status::range("q and k must both have 2 × (number of frequencies) = " +
                         std::to_string(2 * inv_freq.size()) + " entries");
  }
  if (auto st = check_finite("delta", delta); !st.ok()) return st;
  RopeSplit s;
  for (std::size_t i = 0; i < inv_freq.size(); ++i) {
    const Eigen::Vector2d qi(q(2 * i), q(2 * i + 1)), ki(k(2 * i), k(2 * i + 1));
    const double t = delta * inv_freq[i];
    const Eigen::Vector2d jk(-ki(1), ki(0));  // J·k: k turned by +90°
    s.cos_term.push_back(std::cos(t) * qi.dot(ki));
    s.sin_term.push_back(std::sin(t) * qi.dot(jk));
    s.direct.push_back(qi.dot(rotation2(t) * ki));
  }
  return s;
}

Result<std::vector<double>> rope_decay_bound(const std::vector<double>& inv_freq, const std::vector<double>& offsets) {
  if (inv_freq.empty()) return Status::range("invFreq must not be empty");
  if (offsets.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return Status::range("offsets must have at most " + std::to_string(kMaxOffsets) + " entries");
  }
  std::vector<double> out;
  out.reserve(offsets.size());
  const double half = static_cast<double>(inv_freq.size());
  for (double delta : offsets) {
    std::complex<double> partial = 0;
    double sum = 0;
    for (double w : inv_freq) {
      partial += std::polar(1.0, delta * w);
      sum += std::abs(partial);
    }
    out.push_back(sum / half);
  }
  return out;
}

Result<VectorXd> rope_rotate_checked(const VectorXd& x, double position, const std::vector<double>& inv_freq,
                                     RopeLayout layout, double attention_factor) {
  if (auto st = check_frequencies(inv_freq.data(), inv_freq.size(), attention_factor); !st.ok()) return st;
  if (auto st = check_finite("position", position); !st.ok()) return st;
  if (static_cast<std::size_t>(x.size()) < 2 * inv_freq.size()) {
    return Status::range("x must have at least 2 × invFreq.length = " + std::to_string(2 * inv_freq.size()) +
                         " entries, got " + std::to_string(x.size()));
  }
  return rope_rotate(x, position, inv_freq, layout, attention_factor);
}

// --- the RoPE chapter's figures ------------------------------------------------------------------

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kTwoPiHi = 6.283185307179586;         // 2π rounded to double
constexpr double kTwoPiLo = 2.4492935982947064e-16;    // 2π − kTwoPiHi
constexpr double kDeg = kPi / 180;

Status check_vector(const char* name, const VectorXd& v, Eigen::Index size) {
  if (v.size() != size) {
    return Status::range(std::string(name) + " must have " + std::to_string(size) + " entries, got " +
                         std::to_string(v.size()));
  }
  return Status::success();
}

Status check_list(const char* name, const std::vector<double>& v) {
  if (v.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return Status::range(std::string(name) + " must have at most " + std::to_string(kMaxOffsets) + " entries, got " +
                         std::to_string(v.size()));
  }
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!std::isfinite(v[i])) {
      return Status::range(std::string(name) + "[" + std::to_string(i) + "] must be a finite number, got " +
                           format_number(v[i]));
    }
  }
  return Status::success();
}

Status check_rotary(const char* name, const VectorXd& x, const std::vector<double>& inv_freq) {
  if (inv_freq.empty()) return Status::range("invFreq must not be empty");
  if (auto st = check_frequencies(inv_freq.data(), inv_freq.size(), 1.0); !st.ok()) return st;
  return check_vector(name, x, 2 * static_cast<Eigen::Index>(inv_freq.size()));
}

double dot2(const Eigen::Vector2d& a, const Eigen::Vector2d& b) { return a(0) * b(0) + a(1) * b(1); }

}  // namespace

ShownAngle show_angle(double radians) {
  ShownAngle a;
  a.radians = radians;
  if (!std::isfinite(radians)) {
    a.degrees = a.turns = std::numeric_limits<double>::quiet_NaN();
    return a;
  }
  double turns = std::nearbyint(radians / kTwoPiHi);
  // r − turns·2π with 2π in two parts: exact enough for angles in the millions of radians.
  const double reduced = std::fma(-turns, kTwoPiHi, radians) - turns * kTwoPiLo;
  double deg = reduced / kDeg;
  if (deg > 180) {
    deg -= 360;
    turns += 1;
  } else if (deg <= -180) {
    deg += 360;
    turns -= 1;
  }
  a.degrees = deg;
  a.turns = turns + 0.0;  // no −0
  return a;
}

Result<RopePlane> rope_plane(const VectorXd& q, const VectorXd& k, double q_scale, double m, double n, double theta_deg,
                             const std::vector<double>& same_gap_m, const std::vector<double>& offsets) {
  if (auto st = check_vector("q", q, 2); !st.ok()) return st;
  if (auto st = check_vector("k", k, 2); !st.ok()) return st;
  if (auto st = check_positive("qScale", q_scale); !st.ok()) return st;
  if (auto st = check_finite("m", m); !st.ok()) return st;
  if (auto st = check_finite("n", n); !st.ok()) return st;
  if (auto st = check_finite("thetaDeg", theta_deg); !st.ok()) return st;
  if (auto st = check_list("sameGap", same_gap_m); !st.ok()) return st;
  if (auto st = check_list("offsets", offsets); !st.ok()) return st;
  const double theta = theta_deg * kDeg;
  RopePlane p;
  p.q = q_scale * Eigen::Vector2d(q(0), q(1));
  p.k = Eigen::Vector2d(k(0), k(1));
  p.q_rot = rotation2(m * theta) * p.q;
  p.k_rot = rotation2(n * theta) * p.k;
  p.turn_q = show_angle(m * theta);
  p.turn_k = show_angle(n * theta);
  p.dir_q = show_angle(std::atan2(p.q_rot(1), p.q_rot(0)));
  p.dir_k = show_angle(std::atan2(p.k_rot(1), p.k_rot(0)));
  p.between = show_angle((n - m) * theta + std::atan2(p.k(1), p.k(0)) - std::atan2(p.q(1), p.q(0)));
  p.dot = dot2(p.q_rot, p.k_rot);
  p.norm_q = p.q.norm();
  p.norm_k = p.k.norm();
  p.amplitude = p.norm_q * p.norm_k;
  const std::complex<double> qc(p.q(0), p.q(1)), kc(p.k(0), p.k(1));
  p.complex_score = std::real(qc * std::polar(1.0, m * theta) * std::conj(kc * std::polar(1.0, n * theta)));
  for (double m0 : same_gap_m) {
    const double n0 = m0 + (n - m);
    const Eigen::Vector2d a = rotation2(m0 * theta) * p.q, b = rotation2(n0 * theta) * p.k;
    p.gap_scores.push_back(dot2(a, b));
    p.gap_n.push_back(n0);
    p.gap_q_rot.insert(p.gap_q_rot.end(), {a(0), a(1)});
    p.gap_k_rot.insert(p.gap_k_rot.end(), {b(0), b(1)});
    p.gap_between.push_back(show_angle(std::atan2(b(1), b(0)) - std::atan2(a(1), a(0))).degrees);
  }
  p.gap = n - m;
  double lo = p.dot, hi = p.dot;
  for (double g : p.gap_scores) lo = std::min(lo, g), hi = std::max(hi, g);
  p.gap_spread = hi - lo;
  for (double delta : offsets) p.offset_scores.push_back(dot2(p.q, rotation2(delta * theta) * p.k));
  return p;
}

Result<RopeTurn> rope_turn(const VectorXd& x, double angle_deg) {
  if (auto st = check_vector("x", x, 2); !st.ok()) return st;
  if (auto st = check_finite("angleDeg", angle_deg); !st.ok()) return st;
  RopeTurn t;
  t.rotated = rotation2(angle_deg * kDeg) * Eigen::Vector2d(x(0), x(1));
  t.angle = show_angle(angle_deg * kDeg);
  t.cross = x(0) * t.rotated(1) - x(1) * t.rotated(0);
  return t;
}

Result<RopeAngles> rope_angles(const std::vector<double>& inv_freq, double position) {
  if (inv_freq.size() > static_cast<std::size_t>(kMaxDim / 2)) {
    return Status::range("invFreq must have at most " + std::to_string(kMaxDim / 2) + " entries");
  }
  if (auto st = check_frequencies(inv_freq.data(), inv_freq.size(), 1.0); !st.ok()) return st;
  if (auto st = check_finite("position", position); !st.ok()) return st;
  RopeAngles a;
  for (double w : inv_freq) {
    const ShownAngle s = show_angle(position * w);
    a.theta.push_back(w);
    a.radians.push_back(s.radians);
    a.degrees.push_back(s.degrees);
    a.turns.push_back(s.turns);
    a.cos.push_back(std::cos(s.radians));
    a.sin.push_back(std::sin(s.radians));
  }
  return a;
}

Result<RopeLayouts> rope_layouts(const VectorXd& x, double position, const std::vector<double>& inv_freq,
                                 RopeLayout layout) {
  if (inv_freq.size() > static_cast<std::size_t>(kMaxMatrixSide / 2)) {
    return Status::range("invFreq must have at most " + std::to_string(kMaxMatrixSide / 2) + " entries");
  }
  if (auto st = check_rotary("x", x, inv_freq); !st.ok()) return st;
  if (auto st = check_finite("position", position); !st.ok()) return st;
  const int d = static_cast<int>(x.size());
  RopeLayouts r;
  r.pair.assign(d, 0);
  r.partner.assign(d, 0);
  r.rotated.assign(d, 0);
  r.cos.assign(d, 0);
  r.sin.assign(d, 0);
  for (int i = 0; i < d / 2; ++i) {
    const auto [a, b] = plane(i, d, layout);
    const double t = position * inv_freq[static_cast<std::size_t>(i)];
    const double c = std::cos(t), s = std::sin(t);
    for (int j : {a, b}) {
      r.pair[j] = i;
      r.cos[j] = c;
      r.sin[j] = s;
    }
    r.partner[a] = b;
    r.partner[b] = a;
    r.rotated[a] = -x(b);
    r.rotated[b] = x(a);
  }
  r.result = VectorXd(d);
  for (int j = 0; j < d; ++j) r.result(j) = x(j) * r.cos[j] + r.rotated[j] * r.sin[j];
  r.matrix_result = rotation_matrix(inv_freq, d, position, layout) * x;
  r.max_form_difference = (r.result - r.matrix_result).cwiseAbs().maxCoeff();
  r.perm = interleaved_to_half(d);
  r.permuted = VectorXd(d);
  for (int j = 0; j < d; ++j) r.permuted(r.perm[j]) = x(j);
  r.interleaved = rope_rotate(x, position, inv_freq, RopeLayout::Interleaved);
  r.half_of_permuted = rope_rotate(r.permuted, position, inv_freq, RopeLayout::Half);
  for (int j = 0; j < d; ++j) {
    r.max_abs_difference = std::max(r.max_abs_difference, std::abs(r.half_of_permuted(r.perm[j]) - r.interleaved(j)));
  }
  return r;
}

Result<RopeRelativeScores> rope_relative_scores(const VectorXd& q, const VectorXd& k, double count,
                                                const std::vector<double>& inv_freq) {
  if (inv_freq.size() > static_cast<std::size_t>(kMaxDim / 2)) {
    return Status::range("invFreq must have at most " + std::to_string(kMaxDim / 2) + " entries");
  }
  if (auto st = check_rotary("q", q, inv_freq); !st.ok()) return st;
  if (auto st = check_vector("k", k, q.size()); !st.ok()) return st;
  if (auto st = check_integer("count", count, 1, kMaxMatrixSide); !st.ok()) return st;
  if (auto st = check_result_size("score matrix", count * count, 8); !st.ok()) return st;
  const int n = static_cast<int>(count), d = static_cast<int>(q.size());
  MatrixXd qr(n, d), kr(n, d);
  for (int p = 0; p < n; ++p) {
    qr.row(p) = rope_rotate(q, p, inv_freq, RopeLayout::Interleaved).transpose();
    kr.row(p) = rope_rotate(k, p, inv_freq, RopeLayout::Interleaved).transpose();
  }
  RopeRelativeScores r;
  r.scores = qr * kr.transpose();
  for (int off = -(n - 1); off <= n - 1; ++off) {  // n − m
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (int m = std::max(0, -off); m < n && m + off < n; ++m) {
      lo = std::min(lo, r.scores(m, m + off));
      hi = std::max(hi, r.scores(m, m + off));
    }
    r.max_diagonal_deviation = std::max(r.max_diagonal_deviation, hi - lo);
  }
  return r;
}

Result<RopeShiftScores> rope_shift_scores(const VectorXd& q, const VectorXd& k, double gap, double count, double base) {
  if (auto st = check_dim("q.length", static_cast<double>(q.size()), true); !st.ok()) return st;
  if (auto st = check_vector("k", k, q.size()); !st.ok()) return st;
  if (auto st = check_integer("gap", gap, -kMaxPositions, kMaxPositions); !st.ok()) return st;
  if (auto st = check_integer("count", count, 1, kMaxOffsets); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  const int d = static_cast<int>(q.size());
  const auto inv = default_inv_freq(d, base);
  const auto encoding = [&](double pos) { return sinusoid(pos, inv); };
  RopeShiftScores r;
  const int n = static_cast<int>(count);
  for (int m = 0; m < n; ++m) {
    r.additive.push_back((q + encoding(m)).dot(k + encoding(m + gap)));
    r.rotary.push_back(rope_rotate(q, m, inv, RopeLayout::Interleaved).dot(rope_rotate(k, m + gap, inv, RopeLayout::Interleaved)));
  }
  const auto spread = [](const std::vector<double>& v) {
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    return *hi - *lo;
  };
  r.additive_spread = spread(r.additive);
  r.rotary_spread = spread(r.rotary);
  return r;
}

Result<RopeDemo> rope_demo(const MatrixXd& tokens, const MatrixXd& wq, const MatrixXd& wk,
                           const std::vector<double>& angles_deg) {
  const auto n = tokens.rows(), d = tokens.cols();
  if (d < 2 || d % 2 != 0) return Status::range("tokens must have an even number of columns, got " + std::to_string(d));
  for (const auto& [name, w] : {std::pair{"wq", &wq}, std::pair{"wk", &wk}}) {
    if (w->rows() != d || w->cols() != d) {
      return Status::range(std::string(name) + " must be " + std::to_string(d) + " × " + std::to_string(d) +
                           " (F.linear(x, W) = x·Wᵀ), got " + std::to_string(w->rows()) + " × " + std::to_string(w->cols()));
    }
  }
  if (angles_deg.size() != static_cast<std::size_t>(n)) {
    return Status::range("anglesDeg must have one angle per token (" + std::to_string(n) + "), got " +
                         std::to_string(angles_deg.size()));
  }
  if (auto st = check_list("anglesDeg", angles_deg); !st.ok()) return st;
  RopeDemo r;
  r.q = tokens * wq.transpose();
  r.k = tokens * wk.transpose();
  const std::vector<double> ones(static_cast<std::size_t>(d / 2), 1.0);
  r.q_rot = MatrixXd(n, d);
  r.k_rot = MatrixXd(n, d);
  for (Eigen::Index t = 0; t < n; ++t) {
    const double a = angles_deg[static_cast<std::size_t>(t)] * kDeg;
    r.q_rot.row(t) = rope_rotate(r.q.row(t).transpose(), a, ones, RopeLayout::Interleaved).transpose();
    r.k_rot.row(t) = rope_rotate(r.k.row(t).transpose(), a, ones, RopeLayout::Interleaved).transpose();
  }
  auto att = attention(r.q_rot, r.k_rot, tokens, false);
  if (!att.ok()) return att.status;
  r.scores = att.value.scores;
  r.weights = att.value.weights;
  r.output = att.value.output;
  r.dots = r.q_rot * r.k_rot.transpose();
  r.claimed = MatrixXd(n, n);
  r.sin_term = MatrixXd::Zero(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < n; ++j) {
      const double ti = angles_deg[static_cast<std::size_t>(i)] * kDeg, tj = angles_deg[static_cast<std::size_t>(j)] * kDeg;
      r.claimed(i, j) = std::cos(ti - tj) * r.q.row(i).dot(r.k.row(j));
      for (Eigen::Index p = 0; p < d; p += 2) {
        const double qjk = r.q(i, p) * -r.k(j, p + 1) + r.q(i, p + 1) * r.k(j, p);  // qᵀJk, J = +90°
        r.sin_term(i, j) += std::sin(tj - ti) * qjk;
      }
    }
  }
  return r;
}

Result<RopeDecay> rope_decay(const std::vector<double>& inv_freq, const std::vector<double>& offsets, const VectorXd& q,
                             const VectorXd& k) {
  if (inv_freq.size() > static_cast<std::size_t>(kMaxDim / 2)) {
    return Status::range("invFreq must have at most " + std::to_string(kMaxDim / 2) + " entries");
  }
  if (auto st = check_rotary("q", q, inv_freq); !st.ok()) return st;
  if (auto st = check_vector("k", k, q.size()); !st.ok()) return st;
  if (auto st = check_list("offsets", offsets); !st.ok()) return st;
  if (auto st = check_result_size("decay curves", static_cast<double>(offsets.size()) * inv_freq.size(), 8);
      !st.ok()) {
    return st;
  }
  const std::size_t half = inv_freq.size();
  const double nq = q.norm(), nk = k.norm();
  std::vector<double> qk(half), qjk(half);
  for (std::size_t i = 0; i < half; ++i) {
    // qᵀR(t)k on plane i = cos t·(q₀k₀ + q₁k₁) + sin t·(q₁k₀ − q₀k₁)
    const double q0 = q(2 * i), q1 = q(2 * i + 1), k0 = k(2 * i), k1 = k(2 * i + 1);
    qk[i] = q0 * k0 + q1 * k1;
    qjk[i] = q1 * k0 - q0 * k1;
  }
  double bound0 = 0;
  for (std::size_t j = 1; j <= half; ++j) bound0 += static_cast<double>(j);
  bound0 /= static_cast<double>(half);
  RopeDecay r;
  AngleWalk walk(inv_freq);  // e^{iΔθ_i}: a step per consecutive Δ, exact again at any jump
  for (std::size_t t = 0; t < offsets.size(); ++t) {
    walk.move_to(offsets[t]);
    double pr = 0, pi = 0, sum = 0, cos_sum = 0, pair = 0;
    const double *cp = walk.cos().data(), *sp = walk.sin().data(), *a = qk.data(), *b = qjk.data();
    for (std::size_t i = 0; i < half; ++i) {  // pair: partial sums S_j, and the scores
      pr += cp[i];
      pi += sp[i];
      sum += std::sqrt(pr * pr + pi * pi);
      cos_sum += cp[i];
      pair += cp[i] * a[i] + sp[i] * b[i];
    }
    r.bound.push_back(sum / static_cast<double>(half));
    r.relative_bound.push_back(r.bound.back() / bound0);
    r.ones.push_back(cos_sum / static_cast<double>(half));
    r.pair.push_back(nq > 0 && nk > 0 ? pair / (nq * nk) : 0.0);
  }
  const auto rises = count_rises(r.bound, offsets);
  r.rises = rises.value.rises;
  r.steps = rises.value.steps;
  r.first_rise = rises.value.first_rise;
  return r;
}

Result<Rises> count_rises(const std::vector<double>& values, const std::vector<double>& offsets) {
  if (values.size() != offsets.size()) {
    return Status::range("values and offsets must have the same length, got " + std::to_string(values.size()) + " and " +
                         std::to_string(offsets.size()));
  }
  if (auto st = check_list("values", values); !st.ok()) return st;
  if (auto st = check_list("offsets", offsets); !st.ok()) return st;
  Rises r;
  for (std::size_t t = 1; t < values.size(); ++t) {
    if (!(offsets[t] > offsets[t - 1])) continue;
    ++r.steps;
    if (values[t] > values[t - 1]) {
      ++r.rises;
      if (r.first_rise < 0) r.first_rise = offsets[t];
    }
  }
  return r;
}

Result<DecayTrend> decay_trend(const std::vector<double>& values, const std::vector<double>& offsets, double threshold) {
  auto rises = count_rises(values, offsets);
  if (!rises.ok()) return rises.status;
  if (values.size() < 2) return Status::range("values must have at least 2 entries, got " + std::to_string(values.size()));
  if (!(values[0] > 0)) return Status::range("values[0] must be positive (the curve is read relative to it)");
  if (auto st = check_finite("threshold", threshold); !st.ok()) return st;
  if (!(threshold > 0 && threshold < 1)) return Status::range("threshold must be in (0, 1), got " + std::to_string(threshold));
  DecayTrend r;
  r.rises = rises.value.rises;
  r.steps = rises.value.steps;
  r.first_rise = rises.value.first_rise;
  r.threshold = threshold;
  const double mid = (offsets.front() + offsets.back()) / 2;
  bool any = false;
  for (std::size_t t = 0; t < values.size(); ++t) {  // offset
    if (offsets[t] < mid) continue;
    const double rel = values[t] / values[0];
    if (!any || rel > r.far_peak) r.far_peak = rel, r.far_peak_at = offsets[t];
    if (!any) r.far_from = offsets[t];
    any = true;
  }
  r.falls_overall = r.far_peak <= threshold;
  r.verdict = r.rises == 0 && r.steps > 0 ? "every" : r.falls_overall ? "overall" : "none";
  return r;
}

Result<Rope2dScores> rope_2d_scores(const VectorXd& q, const VectorXd& k, double grid, double shift_x, double shift_y,
                                    double base) {
  if (auto st = check_vector("k", k, q.size()); !st.ok()) return st;
  if (auto st = check_integer("grid", grid, 1, kMaxMatrixSide / 16); !st.ok()) return st;
  if (auto st = check_finite("shiftX", shift_x); !st.ok()) return st;
  if (auto st = check_finite("shiftY", shift_y); !st.ok()) return st;
  const int g = static_cast<int>(grid), c = g / 2;
  auto map = [&](double sx, double sy) -> Result<MatrixXd> {
    auto qr = rope_rotate_2d(q, c + sx, c + sy, base, RopeLayout::Interleaved);
    if (!qr.ok()) return qr.status;
    MatrixXd out(g, g);
    for (int y = 0; y < g; ++y) {
      for (int x = 0; x < g; ++x) {
        auto kr = rope_rotate_2d(k, x + sx, y + sy, base, RopeLayout::Interleaved);
        if (!kr.ok()) return kr.status;
        out(y, x) = qr.value.dot(kr.value);
      }
    }
    return out;
  };
  auto a = map(0, 0);
  if (!a.ok()) return a.status;
  auto b = map(shift_x, shift_y);
  if (!b.ok()) return b.status;
  Rope2dScores r;
  r.scores = a.value;
  r.shifted = b.value;
  r.max_abs_difference = (a.value - b.value).cwiseAbs().maxCoeff();
  return r;
}

}  // namespace posenc
