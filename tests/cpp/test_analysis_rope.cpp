// The RoPE chapter's measurements (analysis_rope.hpp), each against an independent float64
// computation written here or a property the chapter states.
#include <catch2/catch.hpp>
#include <cmath>
#include <complex>

#include "posenc/absolute.hpp"
#include "posenc/analysis.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/rope.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;

namespace {
const double kPi = 3.14159265358979323846;
VectorXd vec(std::initializer_list<double> v) {
  VectorXd x(static_cast<Eigen::Index>(v.size()));
  int i = 0;
  for (double d : v) x(i++) = d;
  return x;
}
}  // namespace

TEST_CASE("angles are shown reduced to (−180°, 180°] with the whole turns removed") {
  const auto a = show_angle(765 * kPi / 180);
  REQUIRE_THAT(a.degrees, WithinAbs(45, 1e-12));
  REQUIRE(a.turns == 2);
  REQUIRE_THAT(show_angle(kPi).degrees, WithinAbs(180, 1e-12));
  REQUIRE(show_angle(kPi).turns == 0);
  const auto b = show_angle(-kPi);  // −180° is shown as 180°, one turn less
  REQUIRE_THAT(b.degrees, WithinAbs(180, 1e-12));
  REQUIRE(b.turns == -1);
  const auto c = show_angle(-3.5 * kPi);  // −630° = 90° − 2 turns
  REQUIRE_THAT(c.degrees, WithinAbs(90, 1e-12));
  REQUIRE(c.turns == -2);
  // Position 10⁶ on pair 0 (θ = 1 rad): against a long double reduction.
  const long double r = std::fmod(1e6L, 2 * 3.14159265358979323846264338327950288L);
  const double want = static_cast<double>((r > 3.14159265358979323846264338327950288L ? r - 2 * 3.14159265358979323846264338327950288L : r) * 180 /
                                          3.14159265358979323846264338327950288L);
  const auto d = show_angle(1e6);
  REQUIRE_THAT(d.degrees, WithinAbs(want, 1e-7));
  REQUIRE_THAT(d.degrees * kPi / 180 + d.turns * 2 * kPi, WithinAbs(1e6, 1e-8));
}

TEST_CASE("the 2-D plane: q′·k′ = |q||k|cos(angle from q′ to k′) = Re[q̃e^{imθ}·conj(k̃e^{inθ})], and depends on n − m") {
  const VectorXd q = vec({1, 0.5}), k = vec({0.8, -0.4});
  auto p = rope_plane(q, k, 1, 2, 5, 30, {0, 7, 30}, {3, -3});
  REQUIRE(p.ok());
  // independent: rotate by hand
  const double a = 2 * 30 * kPi / 180, b = 5 * 30 * kPi / 180;
  const double qx = std::cos(a) * 1 - std::sin(a) * 0.5, qy = std::sin(a) * 1 + std::cos(a) * 0.5;
  const double kx = std::cos(b) * 0.8 + std::sin(b) * 0.4, ky = std::sin(b) * 0.8 - std::cos(b) * 0.4;
  REQUIRE_THAT(p.value.dot, WithinAbs(qx * kx + qy * ky, 1e-14));
  REQUIRE_THAT(p.value.complex_score, WithinAbs(p.value.dot, 1e-14));
  REQUIRE_THAT(p.value.norm_q * p.value.norm_k * std::cos(p.value.between.degrees * kPi / 180), WithinAbs(p.value.dot, 1e-14));
  REQUIRE_THAT(p.value.turn_k.degrees, WithinAbs(150, 1e-12));
  for (double s : p.value.gap_scores) REQUIRE_THAT(s, WithinAbs(p.value.dot, 1e-14));
  REQUIRE(p.value.gap_spread < 1e-14);
  REQUIRE_THAT(p.value.offset_scores[0], WithinAbs(p.value.dot, 1e-14));       // Δ = n − m = 3
  REQUIRE(std::abs(p.value.offset_scores[1] - p.value.dot) > 1e-3);             // Δ = m − n is another number
  // Scaling q scales the score, not the angle: position multiplies, it does not add.
  auto p2 = rope_plane(q, k, 2.5, 2, 5, 30, {}, {});
  REQUIRE_THAT(p2.value.dot, WithinAbs(2.5 * p.value.dot, 1e-14));
  REQUIRE_THAT(p2.value.between.degrees, WithinAbs(p.value.between.degrees, 1e-12));
  // m = 26, θ = 30°: 780° shown as 60° and 2 turns.
  auto p3 = rope_plane(q, k, 1, 26, 5, 30, {}, {});
  REQUIRE_THAT(p3.value.turn_q.degrees, WithinAbs(60, 1e-10));
  REQUIRE(p3.value.turn_q.turns == 2);
  REQUIRE_FALSE(rope_plane(vec({1, 2, 3}), k, 1, 0, 0, 30, {}, {}).ok());
  REQUIRE_FALSE(rope_plane(q, k, 0, 0, 0, 30, {}, {}).ok());
}

TEST_CASE("(1, 0) turned by 90° is (0, 1), counter-clockwise (seed 004's 'clockwise' is wrong)") {
  auto t = rope_turn(vec({1, 0}), 90);
  REQUIRE(t.ok());
  REQUIRE_THAT(t.value.rotated(0), WithinAbs(0, 1e-15));
  REQUIRE_THAT(t.value.rotated(1), WithinAbs(1, 1e-15));
  REQUIRE(t.value.cross > 0);
  auto t30 = rope_turn(vec({1, 0.5}), 30);
  REQUIRE_THAT(t30.value.rotated(0), WithinAbs(std::sqrt(3.0) / 2 - 0.25, 1e-15));
  REQUIRE_THAT(t30.value.rotated(1), WithinAbs(0.5 + std::sqrt(3.0) / 4, 1e-15));
}

TEST_CASE("pair angles m·θ_i with cos and sin (the dials and the worked example)") {
  const auto inv = default_inv_freq(4, 10000);
  auto a = rope_angles(inv, 2);
  REQUIRE(a.ok());
  REQUIRE_THAT(a.value.radians[0], WithinAbs(2, 1e-15));
  REQUIRE_THAT(a.value.radians[1], WithinAbs(0.02, 1e-15));
  REQUIRE_THAT(a.value.cos[0], WithinAbs(std::cos(2.0), 1e-15));
  REQUIRE_THAT(a.value.sin[1], WithinAbs(std::sin(0.02), 1e-15));
  auto big = rope_angles(default_inv_freq(8, 10000), 100);  // pair 0: 100 rad = 5729.58° = 329.58° − … 
  REQUIRE_THAT(big.value.degrees[0], WithinAbs(std::remainder(100.0, 2 * kPi) * 180 / kPi, 1e-9));
  REQUIRE(big.value.turns[0] == 16);
}

TEST_CASE("element-wise form in both layouts, and the permutation between them") {
  const VectorXd x = vec({1, 2, 3, 4, 5, 6, 7, 8});
  const auto inv = default_inv_freq(8, 10000);
  for (auto layout : {RopeLayout::Interleaved, RopeLayout::Half}) {
    auto r = rope_layouts(x, 3, inv, layout);
    REQUIRE(r.ok());
    REQUIRE(r.value.max_form_difference < 1e-14);
    REQUIRE((r.value.result - rope_rotate(x, 3, inv, layout)).cwiseAbs().maxCoeff() < 1e-14);
    REQUIRE(r.value.max_abs_difference == 0);  // the same arithmetic, permuted: equal to the last bit
  }
  auto inter = rope_layouts(x, 3, inv, RopeLayout::Interleaved).value;
  auto half = rope_layouts(x, 3, inv, RopeLayout::Half).value;
  REQUIRE(inter.partner[0] == 1);
  REQUIRE(half.partner[0] == 4);
  REQUIRE(inter.rotated[0] == -2);  // −x₁
  REQUIRE(half.rotated[0] == -5);   // −x₄
  REQUIRE(half.rotated[4] == 1);    // +x₀
  REQUIRE(std::abs(inter.result(1) - half.result(1)) > 1e-3);  // the layouts give different vectors
  REQUIRE(inter.permuted(1) == 3);  // P·x = [x₀, x₂, x₄, x₆, x₁, x₃, x₅, x₇]
  REQUIRE(inter.permuted(4) == 2);
}

TEST_CASE("q_mᵀk_n over a grid is constant along each diagonal") {
  Rng rng(11);
  const VectorXd q = rng.normal_matrix(1, 8, 1).row(0).transpose(), k = rng.normal_matrix(1, 8, 1).row(0).transpose();
  const auto inv = default_inv_freq(8, 10000);
  auto r = rope_relative_scores(q, k, 32, inv);
  REQUIRE(r.ok());
  REQUIRE(r.value.max_diagonal_deviation < 1e-12);
  // independent: S[2][5] = qᵀR(3θ)k plane by plane
  double want = 0;
  for (int i = 0; i < 4; ++i) {
    const double t = 3 * inv[i];
    want += q(2 * i) * (std::cos(t) * k(2 * i) - std::sin(t) * k(2 * i + 1)) + q(2 * i + 1) * (std::sin(t) * k(2 * i) + std::cos(t) * k(2 * i + 1));
  }
  REQUIRE_THAT(r.value.scores(2, 5), WithinAbs(want, 1e-13));
  REQUIRE_FALSE(rope_relative_scores(q, k, 0, inv).ok());
}

TEST_CASE("slid along the sequence at a fixed gap, the additive score moves and the rotary one does not") {
  Rng rng(3);
  const VectorXd q = rng.normal_matrix(1, 8, 1).row(0).transpose(), k = rng.normal_matrix(1, 8, 1).row(0).transpose();
  auto s = rope_shift_scores(q, k, 3, 40, 10000);
  REQUIRE(s.ok());
  REQUIRE(s.value.rotary_spread < 1e-12);
  REQUIRE(s.value.additive_spread > 0.1);
  // independent: additive at m = 5
  double want = 0;
  for (int i = 0; i < 4; ++i) {
    const double w = std::pow(10000.0, -2.0 * i / 8);
    want += (q(2 * i) + std::sin(5 * w)) * (k(2 * i) + std::sin(8 * w)) + (q(2 * i + 1) + std::cos(5 * w)) * (k(2 * i + 1) + std::cos(8 * w));
  }
  REQUIRE_THAT(s.value.additive[5], WithinAbs(want, 1e-13));
}

TEST_CASE("seed 004's three-token demo: weights, and the sine term its formula drops") {
  MatrixXd x(3, 2), wq(2, 2), wk(2, 2);
  x << 1.0, 0.2, 0.3, 1.0, -0.9, 0.5;
  wq << 1.0, 0.8, -0.8, 1.0;
  wk << -1.0, 0.6, 0.6, 1.0;
  auto d = rope_demo(x, wq, wk, {10, 20, 30});
  REQUIRE(d.ok());
  // independent: F.linear, turn, scaled dot product, softmax
  auto lin = [](double a, double b, const MatrixXd& w) { return std::pair{w(0, 0) * a + w(0, 1) * b, w(1, 0) * a + w(1, 1) * b}; };
  auto turn = [](std::pair<double, double> v, double deg) {
    const double t = deg * kPi / 180;
    return std::pair{v.first * std::cos(t) - v.second * std::sin(t), v.first * std::sin(t) + v.second * std::cos(t)};
  };
  for (int i = 0; i < 3; ++i) {
    const auto qi = turn(lin(x(i, 0), x(i, 1), wq), 10.0 * (i + 1));
    double s[3], mx = -1e300, z = 0;
    for (int j = 0; j < 3; ++j) {
      const auto kj = turn(lin(x(j, 0), x(j, 1), wk), 10.0 * (j + 1));
      s[j] = (qi.first * kj.first + qi.second * kj.second) / std::sqrt(2.0);
      mx = std::max(mx, s[j]);
    }
    for (double& v : s) z += (v = std::exp(v - mx));
    for (int j = 0; j < 3; ++j) REQUIRE_THAT(d.value.weights(i, j), WithinAbs(s[j] / z, 1e-14));
  }
  REQUIRE(((d.value.claimed + d.value.sin_term) - d.value.dots).cwiseAbs().maxCoeff() < 1e-14);
  REQUIRE((d.value.claimed - d.value.dots).cwiseAbs().maxCoeff() > 0.1);
  REQUIRE_FALSE(rope_demo(x, wq, wk, {10, 20}).ok());
}

TEST_CASE("RoFormer's decay bound falls on the whole but rises at 115 of 256 steps at d = 128") {
  const auto inv = default_inv_freq(128, 10000);
  std::vector<double> offsets;
  for (int i = 0; i <= 256; ++i) offsets.push_back(i);
  Rng rng(11);
  const VectorXd q = rng.normal_matrix(1, 128, 1).row(0).transpose(), k = rng.normal_matrix(1, 128, 1).row(0).transpose();
  auto r = rope_decay(inv, offsets, q, k);
  REQUIRE(r.ok());
  REQUIRE(r.value.steps == 256);
  REQUIRE(r.value.rises == 115);
  REQUIRE_THAT(r.value.relative_bound[0], WithinAbs(1, 1e-15));
  REQUIRE_THAT(r.value.ones[0], WithinAbs(1, 1e-15));
  REQUIRE(r.value.relative_bound[256] < 0.25);
  // independent: the bound at Δ = 100 and the recurrence's drift against direct cos/sin
  std::complex<double> partial = 0;
  double sum = 0;
  for (double w : inv) {
    partial += std::polar(1.0, 100 * w);
    sum += std::abs(partial);
  }
  REQUIRE_THAT(r.value.bound[100], WithinAbs(sum / 64, 1e-11));
  REQUIRE(r.value.bound[0] == Approx(32.5));
  // the first rise, brute force
  auto bound_at = [&](double delta) {
    std::complex<double> p = 0;
    double s2 = 0;
    for (double w : inv) {
      p += std::polar(1.0, delta * w);
      s2 += std::abs(p);
    }
    return s2;
  };
  int first = -1;
  for (int dlt = 1; dlt <= 256 && first < 0; ++dlt) if (bound_at(dlt) > bound_at(dlt - 1)) first = dlt;
  REQUIRE(r.value.first_rise == first);
  // counted in pieces (overlapping by one offset) and then as a whole: the same
  auto a = rope_decay(inv, std::vector<double>(offsets.begin(), offsets.begin() + 101), q, k);
  auto b = rope_decay(inv, std::vector<double>(offsets.begin() + 100, offsets.end()), q, k);
  std::vector<double> joined = a.value.bound;
  joined.insert(joined.end(), b.value.bound.begin() + 1, b.value.bound.end());
  auto whole = count_rises(joined, offsets);
  REQUIRE(whole.value.rises == 115);
  REQUIRE(whole.value.first_rise == first);
  REQUIRE(a.value.rises + b.value.rises == 115);
  REQUIRE_FALSE(count_rises({1, 2}, {0}).ok());
  // at d = 8 the bound does not fall: it swings between about 0.5 and 2.5
  auto small = rope_decay(default_inv_freq(8, 10000), offsets, q.head(8), k.head(8));
  double lo = 1e9, hi = 0;
  for (std::size_t t = 10; t < offsets.size(); ++t) lo = std::min(lo, small.value.bound[t]), hi = std::max(hi, small.value.bound[t]);
  REQUIRE(lo < 1);
  REQUIRE(hi > 2);
}

TEST_CASE("decay_trend: at d = 8 the bound comes back up far away (no decay), at d = 128 it stays low, and with base 2 it falls at every step") {
  // The bound written out independently: (1/(d/2))·Σ_j |Σ_{i<j} e^{iΔθ_i}|, θ_i = base^(−2i/d).
  auto curve = [](int d, double base, int delta) {
    std::vector<double> b, off;
    for (int t = 0; t <= delta; ++t) {
      std::complex<double> p = 0;
      double s = 0;
      for (int i = 0; i < d / 2; ++i) {
        p += std::polar(1.0, t * std::pow(base, -2.0 * i / d));
        s += std::abs(p);
      }
      b.push_back(s / (d / 2));
      off.push_back(t);
    }
    return std::make_pair(b, off);
  };
  auto far_peak = [](const std::vector<double>& b, int delta) {
    double best = 0;
    for (int t = (delta + 1) / 2; t <= delta; ++t) best = std::max(best, b[static_cast<std::size_t>(t)] / b[0]);
    return best;
  };
  {
    auto [b, off] = curve(8, 10000, 2000);
    auto r = decay_trend(b, off, 0.5);
    REQUIRE(r.ok());
    REQUIRE(r.value.verdict == "none");
    REQUIRE_FALSE(r.value.falls_overall);
    REQUIRE_THAT(r.value.far_peak, WithinAbs(far_peak(b, 2000), 1e-15));
    REQUIRE(r.value.far_peak > 0.9);  // it comes back up to nearly its start
    REQUIRE(r.value.far_from == 1000);
  }
  {
    auto [b, off] = curve(128, 10000, 2000);
    auto r = decay_trend(b, off, 0.5);
    REQUIRE(r.value.verdict == "overall");
    REQUIRE(r.value.rises > 0);
    REQUIRE(r.value.far_peak < 0.35);
    REQUIRE_THAT(r.value.far_peak, WithinAbs(far_peak(b, 2000), 1e-15));
  }
  {
    auto [b, off] = curve(128, 2, 100);
    auto r = decay_trend(b, off, 0.5);
    REQUIRE(r.value.rises == 0);
    REQUIRE(r.value.verdict == "every");
  }
  REQUIRE_FALSE(decay_trend({1, 0.5}, {0, 1}, 1.5).ok());
  REQUIRE_FALSE(decay_trend({0, 0.5}, {0, 1}, 0.5).ok());
  REQUIRE_FALSE(decay_trend({1}, {0}, 0.5).ok());
}

TEST_CASE("axial 2-D RoPE: shifting the query and every key together changes no score") {
  Rng rng(21);
  const VectorXd q = rng.normal_matrix(1, 16, 1).row(0).transpose(), k = rng.normal_matrix(1, 16, 1).row(0).transpose();
  auto r = rope_2d_scores(q, k, 12, 5, -3, 10000);
  REQUIRE(r.ok());
  REQUIRE(r.value.max_abs_difference < 1e-12);
  auto q2 = rope_rotate_2d(q, 6, 6, 10000, RopeLayout::Interleaved).value;
  auto k2 = rope_rotate_2d(k, 3, 9, 10000, RopeLayout::Interleaved).value;
  REQUIRE_THAT(r.value.scores(9, 3), WithinAbs(q2.dot(k2), 1e-13));
  REQUIRE_FALSE(rope_2d_scores(q.head(6), k.head(6), 12, 0, 0, 10000).ok());
}
