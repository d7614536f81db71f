// The measurements behind the Errata chapter (analysis_checks.hpp), each against an independent
// float64 computation written here or against a property it must have.
#include <catch2/catch.hpp>
#include <cmath>
#include <complex>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/analysis.hpp"
#include "posenc/analysis_checks.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {
constexpr double kPi = 3.14159265358979323846;

MatrixXd table(int n, int d) { return sinusoidal_table(Positions::range(n), d, 10000, SinusoidalLayout::Interleaved).value; }
}  // namespace

TEST_CASE("max_abs_difference, gram, row norms and ranges against loops") {
  MatrixXd a(2, 3), b(2, 3);
  a << 1, 2, 3, 4, 5, 6;
  b << 1, 2.5, 3, 4, 5, 2;
  REQUIRE_THAT(max_abs_difference(a, b, false).value, WithinAbs(4, 0));
  REQUIRE_THAT(max_abs_difference(a, MatrixXd(a.transpose()), true).value, WithinAbs(0, 0));
  REQUIRE_FALSE(max_abs_difference(a, b, true).ok());
  const MatrixXd g = gram(a);
  REQUIRE_THAT(g(0, 1), WithinAbs(1 * 4 + 2 * 5 + 3 * 6, 1e-12));
  REQUIRE_THAT(row_norms(a)[1], WithinAbs(std::sqrt(16.0 + 25 + 36), 1e-12));
  REQUIRE_THAT(row_ranges(b)[1], WithinAbs(3, 0));
}

TEST_CASE("closest_pair over chosen columns, and its size limit") {
  MatrixXd x(4, 2);
  x << 0, 0, 5, 0, 5.5, 9, 20, 0.2;
  const auto all = closest_pair(x, {}).value;
  REQUIRE((all.i == 0 && all.j == 1));
  REQUIRE_THAT(all.distance, WithinAbs(5, 1e-15));
  const auto first = closest_pair(x, {0}).value;  // column 0 alone: 5 and 5.5
  REQUIRE((first.i == 1 && first.j == 2));
  REQUIRE_THAT(first.distance, WithinAbs(0.5, 1e-15));
  REQUIRE_FALSE(closest_pair(x, {2}).ok());
  REQUIRE_FALSE(closest_pair(MatrixXd::Zero(1, 2), {}).ok());
}

TEST_CASE("sequence_stats counts rises and distinct values") {
  const auto s = sequence_stats({3, 1, 2, 2, 5, -7}).value;
  REQUIRE(s.min == -7);
  REQUIRE(s.max == 5);
  REQUIRE(s.max_abs == 7);
  REQUIRE(s.distinct == 5);
  REQUIRE(s.increases == 2);
  REQUIRE(s.first_increase == 2);
  REQUIRE_FALSE(sequence_stats({}).ok());
}

TEST_CASE("frequency_table: ω, 1/ω, 2π/ω and the angle, against pow") {
  const auto t = frequency_table(8, 10000, 3).value;
  for (int i = 0; i < 4; ++i) {
    const double w = std::pow(10000.0, -2.0 * i / 8);
    REQUIRE_THAT(t.inv_freq[i], WithinRel(w, 1e-14));
    REQUIRE_THAT(t.divisor[i], WithinRel(1 / w, 1e-14));
    REQUIRE_THAT(t.period[i], WithinRel(2 * kPi / w, 1e-14));
    REQUIRE_THAT(t.angle[i], WithinRel(3 * w, 1e-14));
  }
  REQUIRE_THAT(t.period[3], WithinAbs(6283.185307, 1e-5));  // 000 §2.2.5's T_3
  REQUIRE_FALSE(frequency_table(7, 10000, 0).ok());
}

TEST_CASE("offset distances equal ‖p_j − p_{j+Δ}‖ on the table; the closest offsets of 001") {
  const MatrixXd p = table(7000, 8);
  const auto d = offset_distances(8, 10000, {3, 6, 6283}).value;
  REQUIRE_THAT(d[0], WithinAbs((p.row(10) - p.row(13)).norm(), 1e-12));
  REQUIRE_THAT(d[1], WithinAbs((p.row(100) - p.row(106)).norm(), 1e-12));
  REQUIRE_THAT(d[2], WithinAbs((p.row(0) - p.row(6283)).norm(), 1e-12));
  // 001 §6.1.1 claims no folding for n ≤ 10000; at d = 8 offset 6283 ≈ 1000·2π comes back close.
  const auto c8 = closest_offset(8, 10000, 9999).value;
  REQUIRE(c8.offset == 6283);
  REQUIRE_THAT(c8.distance, WithinAbs(0.186, 1e-3));
  // One pair (ω = 1): integers never return exactly; 710 ≈ 113·2π comes within 6e-5.
  const auto c2 = closest_offset(2, 10000, 9999).value;
  REQUIRE(c2.offset == 710);
  REQUIRE_THAT(c2.distance, WithinAbs(2 * std::fabs(std::sin(355.0)), 1e-15));
  REQUIRE(c2.distance > 0);
}

TEST_CASE("sinusoidal_nearest scans the table; the point (√(d/2), 0, …) stays at the radius") {
  std::vector<double> point(8, 0.0);
  point[0] = 2;
  const auto n = sinusoidal_nearest(8, 10000, 20000, point).value;
  const MatrixXd p = table(20000, 8);
  double best = 1e9;
  for (int r = 0; r < 20000; ++r) {
    Eigen::RowVectorXd v = p.row(r);
    v(0) -= 2;
    best = std::min(best, v.norm());
  }
  REQUIRE_THAT(n.distance, WithinAbs(best, 1e-12));
  REQUIRE(n.distance >= 2 - 1e-9);
  REQUIRE_FALSE(sinusoidal_nearest(8, 10000, 10, {1, 2}).ok());
}

TEST_CASE("numerical_rank: exact low rank, and the sinusoidal table's numerical rank") {
  MatrixXd low(5, 4);
  low << 1, 2, 3, 4, 2, 4, 6, 8, 0, 1, 0, 1, 1, 3, 3, 5, 3, 7, 9, 13;  // rows span 2 dimensions
  REQUIRE(numerical_rank(low, 1e-10).value.rank == 2);
  const auto r = numerical_rank(table(64, 64), 1e-7).value;
  REQUIRE(r.singular_values.size() == 64);
  REQUIRE(r.rank < 32);  // far below min(n, d) = 64
  REQUIRE(r.rank > 10);
}

TEST_CASE("swept_angle of a circle arc and of a full turn") {
  MatrixXd arc(91, 2), full(361, 2);
  for (int i = 0; i <= 90; ++i) arc.row(i) << std::cos(i * kPi / 180), std::sin(i * kPi / 180);
  for (int i = 0; i <= 360; ++i) full.row(i) << 2 * std::cos(-i * kPi / 180), 2 * std::sin(-i * kPi / 180);
  REQUIRE_THAT(swept_angle(arc).value.degrees, WithinAbs(90, 1e-9));
  REQUIRE_THAT(swept_angle(full).value.degrees, WithinAbs(-360, 1e-9));
  REQUIRE_THAT(swept_angle(full).value.gap, WithinAbs(0, 1e-12));
}

TEST_CASE("linear_shift_residual: exact for sin+cos in either column order, not for sines alone") {
  const MatrixXd p = table(64, 8);
  REQUIRE(linear_shift_residual(p, 3).value < 1e-12);
  const MatrixXd concat = sinusoidal_table(Positions::range(64), 8, 10000, SinusoidalLayout::Concat).value;
  REQUIRE(linear_shift_residual(concat, 3).value < 1e-12);
  MatrixXd sines(64, 4);
  for (int i = 0; i < 4; ++i) sines.col(i) = p.col(2 * i);
  REQUIRE(linear_shift_residual(sines, 3).value > 1e-2);
  REQUIRE_FALSE(linear_shift_residual(p, 0).ok());
}

TEST_CASE("exp_form_check: natural log reproduces base^(−2i/d), log10 does not") {
  const auto e = exp_form_check(512, 10000).value;
  REQUIRE(e.natural < 1e-12);
  REQUIRE(e.log10 > 0.5);
}

TEST_CASE("permutation_report: equivariant, not invariant; weights conjugated; pooled read-out invariant") {
  Rng rng(1);
  const MatrixXd x = rng.normal_matrix(5, 4, 1), wq = rng.normal_matrix(4, 4, 1), wk = rng.normal_matrix(4, 4, 1),
                 wv = rng.normal_matrix(4, 4, 1);
  const auto r = permutation_report(x, {3, 1, 4, 0, 2}, wq, wk, wv).value;
  REQUIRE(r.equivariance < 1e-12);
  REQUIRE(r.invariance > 1e-2);
  REQUIRE(r.weights_change > 1e-2);
  REQUIRE(r.weights_conjugation < 1e-12);
  REQUIRE(r.pooled_change < 1e-12);
  REQUIRE_THAT(r.weight_sum, WithinAbs(5, 1e-12));
  REQUIRE(r.output_cols == 4);
}

TEST_CASE("causal_report: masked weights are 0, later rows cannot move earlier outputs") {
  Rng rng(3);
  const MatrixXd x = rng.normal_matrix(6, 4, 1), wq = rng.normal_matrix(4, 4, 1), wk = rng.normal_matrix(4, 4, 1),
                 wv = rng.normal_matrix(4, 4, 1);
  const auto r = causal_report(x, wq, wk, wv, 4, 5).value;
  REQUIRE(r.max_masked_weight == 0);
  REQUIRE(r.max_change_before == 0);
  REQUIRE(r.min_unmasked_weight > 0);
  REQUIRE_FALSE(causal_report(x, wq, wk, wv, 0, 5).ok());
}

TEST_CASE("concat_versus_add and bag_compare") {
  Rng rng(5);
  const MatrixXd x = rng.normal_matrix(3, 4, 1), p = table(3, 4), w = rng.normal_matrix(4, 4, 1);
  REQUIRE(concat_versus_add(x, p, w).value < 1e-12);
  const MatrixXd wq = rng.normal_matrix(4, 4, 1), wk = rng.normal_matrix(4, 4, 1), wv = rng.normal_matrix(4, 4, 1);
  MatrixXd shuffled(3, 4);
  shuffled << x.row(2), x.row(0), x.row(1);
  REQUIRE(bag_compare(x, shuffled, wq, wk, wv).value < 1e-12);
  MatrixXd longer(4, 4);
  longer << x, p.row(0);
  REQUIRE(bag_compare(x, longer, wq, wk, wv).value > 1e-3);
}

TEST_CASE("four_terms_residual: the terms add up to the scores self-attention computes on X + P") {
  Rng rng(2);
  const MatrixXd x = rng.normal_matrix(4, 8, 1), wq = rng.normal_matrix(8, 8, 1), wk = rng.normal_matrix(8, 8, 1);
  const auto r = four_terms_residual(x, table(4, 8), wq, wk).value;
  REQUIRE(r.sum_vs_scores < 1e-12);
  REQUIRE(r.total_vs_scores < 1e-12);
}

TEST_CASE("rope_score depends on n − m only; a projection after the rotation breaks that") {
  Rng rng(21);
  const MatrixXd qk = rng.normal_matrix(2, 8, 1);
  const VectorXd q = qk.row(0).transpose(), k = qk.row(1).transpose();
  const std::vector<double> w = {1, 0.1, 0.01, 0.001};
  const double a = rope_score(q, k, 2, 5, w, nullptr).value, b = rope_score(q, k, 12, 15, w, nullptr).value;
  REQUIRE_THAT(a, WithinAbs(b, 1e-12));
  // independent: qᵀR((n−m)θ)k plane by plane
  double ref = 0;
  for (int i = 0; i < 4; ++i) {
    const double t = 3 * w[i];
    ref += q(2 * i) * (std::cos(t) * k(2 * i) - std::sin(t) * k(2 * i + 1)) + q(2 * i + 1) * (std::sin(t) * k(2 * i) + std::cos(t) * k(2 * i + 1));
  }
  REQUIRE_THAT(a, WithinAbs(ref, 1e-12));
  const MatrixXd wp = rng.normal_matrix(8, 8, 1);
  REQUIRE(std::fabs(rope_score(q, k, 1, 4, w, &wp).value - rope_score(q, k, 10, 13, w, &wp).value) > 1e-6);
}

TEST_CASE("rotation_identity and complex_rope_score") {
  REQUIRE(rotation_identity(8, 10000, 5, 12).value < 1e-12);
  Eigen::VectorXd q(2), k(2);
  q << 0.3, 1.2;
  k << -0.7, 0.5;
  const double c = complex_rope_score(q, k, 3, 8, 0.4).value;
  const double t = 5 * 0.4;  // qᵀR((n − m)θ)k
  const double direct = q(0) * (std::cos(t) * k(0) - std::sin(t) * k(1)) + q(1) * (std::sin(t) * k(0) + std::cos(t) * k(1));
  REQUIRE_THAT(c, WithinAbs(direct, 1e-14));
}

TEST_CASE("broadcasting as NumPy and PyTorch do: 004's positions[:, None] against theta fails, positions[..., None] works") {
  // positions (2, 10); positions[:, None] is (2, 1, 10); theta (256,) for d_model = 512
  auto bad = broadcast_shapes({2, 1, 10}, {256});
  REQUIRE(bad.ok());
  REQUIRE_FALSE(bad.value.ok);
  REQUIRE(bad.value.axis == -1);
  REQUIRE(bad.value.left == 10);
  REQUIRE(bad.value.right == 256);
  auto good = broadcast_shapes({2, 10, 1}, {256});
  REQUIRE(good.value.ok);
  REQUIRE(good.value.shape == std::vector<double>{2, 10, 256});
  REQUIRE(broadcast_shapes({3, 1}, {1, 4}).value.shape == std::vector<double>{3, 4});
  REQUIRE(broadcast_shapes({}, {5}).value.shape == std::vector<double>{5});
  auto mid = broadcast_shapes({2, 3, 4}, {5, 4});
  REQUIRE(mid.value.axis == -2);
  REQUIRE_FALSE(broadcast_shapes({-1}, {2}).ok());
}

TEST_CASE("004's rotary_embedding puts first coordinates first: its output is the interleaved RoPE reordered") {
  VectorXd x(8);
  x << 1, 2, 3, 4, 5, 6, 7, 8;
  const std::vector<double> inv{1, 0.1, 0.01, 0.001};
  auto r = rope_code_output(x, 2, inv);
  REQUIRE(r.ok());
  // written out: pair 0 turned by 2 rad is (cos2 − 2 sin2, sin2 + 2 cos2); the code puts its first
  // coordinate at 0 and its second at 4
  REQUIRE_THAT(r.value.code(0), WithinAbs(std::cos(2.0) - 2 * std::sin(2.0), 1e-15));
  REQUIRE_THAT(r.value.code(4), WithinAbs(std::sin(2.0) + 2 * std::cos(2.0), 1e-15));
  REQUIRE_THAT(r.value.interleaved(1), WithinAbs(std::sin(2.0) + 2 * std::cos(2.0), 1e-15));
  REQUIRE(r.value.order == std::vector<int>{0, 2, 4, 6, 1, 3, 5, 7});
  REQUIRE(r.value.max_reordered_difference == 0);
  REQUIRE(r.value.max_in_place_difference > 1);
  REQUIRE_FALSE(rope_code_output(x, 2, {1, 0.1}).ok());
}
