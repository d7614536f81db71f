// RoPE in float64: the seeds' worked examples recomputed, and the properties behind the chapter.
#include <catch2/catch.hpp>
#include <cmath>

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

TEST_CASE("worked example q = [1,2,3,4], m = 2, d = 4 (seed 000 §3.4)") {
  const auto inv = default_inv_freq(4, 10000);
  REQUIRE(inv[1] == Approx(0.01).epsilon(1e-15));
  const VectorXd y = rope_rotate(vec({1, 2, 3, 4}), 2, inv, RopeLayout::Interleaved);
  // Exact: [cos2 − 2 sin2, sin2 + 2 cos2, 3 cos0.02 − 4 sin0.02, 3 sin0.02 + 4 cos0.02]
  REQUIRE_THAT(y(0), WithinAbs(std::cos(2.0) - 2 * std::sin(2.0), 1e-15));
  REQUIRE_THAT(y(1), WithinAbs(std::sin(2.0) + 2 * std::cos(2.0), 1e-15));
  REQUIRE_THAT(y(2), WithinAbs(3 * std::cos(0.02) - 4 * std::sin(0.02), 1e-15));
  REQUIRE_THAT(y(3), WithinAbs(3 * std::sin(0.02) + 4 * std::cos(0.02), 1e-15));
  // To 3 decimals: −2.235, 0.077, 2.919, 4.059 (the seed prints 2.92 and 4.06 from rounded cos/sin).
  REQUIRE_THAT(y(0), WithinAbs(-2.235, 5e-4));
  REQUIRE_THAT(y(1), WithinAbs(0.077, 5e-4));
  REQUIRE_THAT(y(2), WithinAbs(2.919, 5e-4));
  REQUIRE_THAT(y(3), WithinAbs(4.059, 5e-4));
  // Same through the block-diagonal matrix.
  auto r = rotation_matrix(4, 2, 10000, RopeLayout::Interleaved);
  REQUIRE(((r.value * vec({1, 2, 3, 4})) - y).cwiseAbs().maxCoeff() < 1e-15);
  REQUIRE(r.value(0, 2) == 0);
  REQUIRE(r.value(2, 0) == 0);
}

TEST_CASE("R(90°) turns (1, 0) to (0, 1): counter-clockwise (seed 004 says clockwise)") {
  const Eigen::Vector2d v = rotation2(kPi / 2) * Eigen::Vector2d(1, 0);
  REQUIRE_THAT(v(0), WithinAbs(0, 1e-16));
  REQUIRE_THAT(v(1), WithinAbs(1, 1e-16));
  // The cross product of before × after is +1: a positive (counter-clockwise) turn.
  REQUIRE(1 * v(1) - 0 * v(0) > 0);
  // 30° example: R(30°)[1, 0.5] = [0.616, 0.933]
  const Eigen::Vector2d w = rotation2(kPi / 6) * Eigen::Vector2d(1, 0.5);
  REQUIRE_THAT(w(0), WithinAbs(std::sqrt(3.0) / 2 - 0.25, 1e-15));
  REQUIRE_THAT(w(0), WithinAbs(0.616, 5e-4));
  REQUIRE_THAT(w(1), WithinAbs(0.933, 5e-4));
}

TEST_CASE("rotation keeps norms and the rotation matrix is orthogonal") {
  const auto inv = default_inv_freq(16, 10000);
  VectorXd x(16);
  for (int i = 0; i < 16; ++i) x(i) = std::sin(i * 1.3) * 3 - 1;
  for (double m : {0.0, 1.0, 7.0, 1000.0, 123456.0}) {
    REQUIRE_THAT(rope_rotate(x, m, inv, RopeLayout::Interleaved).norm(), WithinAbs(x.norm(), 1e-12));
    REQUIRE_THAT(rope_rotate(x, m, inv, RopeLayout::Half).norm(), WithinAbs(x.norm(), 1e-12));
    auto r = rotation_matrix(16, m, 10000, RopeLayout::Half);
    REQUIRE((r.value.transpose() * r.value - MatrixXd::Identity(16, 16)).cwiseAbs().maxCoeff() < 1e-14);
  }
}

TEST_CASE("q_m · k_n depends only on n − m; R(m)ᵀR(n) = R(n − m)") {
  const auto inv = default_inv_freq(8, 10000);
  const VectorXd q = vec({0.3, -1.2, 2.0, 0.7, 1.1, -0.4, 0.9, 1.5});
  const VectorXd k = vec({1.0, 0.5, -0.3, 2.2, -1.7, 0.8, 0.1, -0.6});
  for (int delta : {-5, 0, 3, 40}) {
    const double ref = rope_rotate(q, 0, inv, RopeLayout::Interleaved).dot(rope_rotate(k, delta, inv, RopeLayout::Interleaved));
    for (int m : {1, 10, 500, 100000}) {
      const double s = rope_rotate(q, m, inv, RopeLayout::Interleaved).dot(rope_rotate(k, m + delta, inv, RopeLayout::Interleaved));
      REQUIRE_THAT(s, WithinAbs(ref, 1e-9));
    }
  }
  const MatrixXd rm = rotation_matrix(inv, 8, 5, RopeLayout::Interleaved);
  const MatrixXd rn = rotation_matrix(inv, 8, 12, RopeLayout::Interleaved);
  REQUIRE((rm.transpose() * rn - rotation_matrix(inv, 8, 7, RopeLayout::Interleaved)).cwiseAbs().maxCoeff() < 1e-14);
}

TEST_CASE("interleaved and half layouts differ only by a permutation of coordinates") {
  const int d = 12;
  const auto inv = default_inv_freq(d, 10000);
  const auto perm = interleaved_to_half(d);
  VectorXd x(d);
  for (int i = 0; i < d; ++i) x(i) = i * 0.7 - 2;
  VectorXd px(d);
  for (int k = 0; k < d; ++k) px(perm[k]) = x(k);
  for (double m : {1.0, 9.0, 333.0}) {
    const VectorXd a = rope_rotate(x, m, inv, RopeLayout::Interleaved);
    const VectorXd b = rope_rotate(px, m, inv, RopeLayout::Half);
    for (int k = 0; k < d; ++k) REQUIRE_THAT(b(perm[k]), WithinAbs(a(k), 1e-14));
  }
}

TEST_CASE("partial rotary leaves the tail untouched; attention factor scales the rotated part") {
  const auto inv = default_inv_freq(4, 10000);  // rotate 4 of 8 coordinates
  const VectorXd x = vec({1, 2, 3, 4, 5, 6, 7, 8});
  const VectorXd y = rope_rotate(x, 3, inv, RopeLayout::Half, 1.5);
  REQUIRE(y.tail(4) == x.tail(4));
  REQUIRE_THAT(y.head(4).norm(), WithinAbs(1.5 * x.head(4).norm(), 1e-13));
}

TEST_CASE("qᵀR(Δ)k = cos(Δθ)qᵀk + sin(Δθ)qᵀJk per plane (seed 003)") {
  const auto inv = default_inv_freq(6, 10000);
  const VectorXd q = vec({1, 2, -0.5, 0.3, 2.2, -1});
  const VectorXd k = vec({0.4, -1, 1.5, 0.2, -0.7, 0.9});
  for (double delta : {0.0, 1.0, -3.0, 50.0}) {
    auto s = rope_split(q, k, delta, inv);
    REQUIRE(s.ok());
    double total = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      REQUIRE_THAT(s.value.cos_term[i] + s.value.sin_term[i], WithinAbs(s.value.direct[i], 1e-14));
      total += s.value.direct[i];
    }
    // … and the planes add up to the full qᵀR(Δ)k.
    REQUIRE_THAT(total, WithinAbs(q.dot(rotation_matrix(inv, 6, delta, RopeLayout::Interleaved) * k), 1e-13));
  }
}

TEST_CASE("RoPE long-distance decay bound starts at (d/2 + 1)/2 and falls") {
  const auto inv = default_inv_freq(128, 10000);
  const auto b = rope_decay_bound(inv, {0, 10, 100, 1000}).value;
  REQUIRE_THAT(b[0], WithinAbs((64 + 1) / 2.0, 1e-12));
  REQUIRE(b[1] < b[0]);
  REQUIRE(b[3] < b[1]);
}

TEST_CASE("2-D axial RoPE: first half by x, second half by y; scores depend on (Δx, Δy)") {
  const VectorXd q = vec({1, 0.5, -0.2, 0.8, 0.3, -1.1, 0.6, 0.4});
  const VectorXd k = vec({0.2, 1.0, 0.7, -0.3, 1.2, 0.1, -0.5, 0.9});
  auto score = [&](double qx, double qy, double kx, double ky) {
    return rope_rotate_2d(q, qx, qy, 10000, RopeLayout::Interleaved).value.dot(
        rope_rotate_2d(k, kx, ky, 10000, RopeLayout::Interleaved).value);
  };
  REQUIRE_THAT(score(1, 2, 4, 7), WithinAbs(score(11, 20, 14, 25), 1e-12));
  REQUIRE(std::abs(score(1, 2, 4, 7) - score(1, 2, 7, 4)) > 1e-3);
  // Only the x half moves with x.
  auto y1 = rope_rotate_2d(q, 5, 0, 10000, RopeLayout::Interleaved).value;
  REQUIRE(y1.tail(4) == q.tail(4));
  REQUIRE_FALSE(rope_rotate_2d(vec({1, 2, 3, 4, 5, 6}), 1, 1, 10000, RopeLayout::Interleaved).ok());
}
