// The "Attention scores" chapter's measurements, against independent float64 loops.
#include <catch2/catch.hpp>
#include <cmath>

#include "posenc/absolute.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;

namespace {

// max over diagonals of (max − min), by brute force over pairs of cells.
double brute_spread(const MatrixXd& m) {
  double s = 0;
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      for (Eigen::Index a = 0; a < m.rows(); ++a)
        for (Eigen::Index b = 0; b < m.cols(); ++b)
          if (b - a == j - i) s = std::max(s, std::abs(m(i, j) - m(a, b)));
  return s;
}

}  // namespace

TEST_CASE("diagonal profile: min and max per offset j − i, spread relative to the matrix's range") {
  MatrixXd m(3, 4);
  m << 1, 2, 3, 4,
       5, 1, 2, 3,
       9, 5, 1, 7;  // diagonal j − i = 1 holds 2, 2, 7; j − i = −1 holds 5, 5
  const auto p = diagonal_profile(m);
  REQUIRE(p.offsets.size() == 6);
  REQUIRE(p.offsets.front() == -2);
  REQUIRE(p.offsets.back() == 3);
  REQUIRE(p.min[3] == 2);  // offset 1
  REQUIRE(p.max[3] == 7);
  REQUIRE(p.spread == 5);
  REQUIRE(p.spread == brute_spread(m));
  REQUIRE(p.range == 8);
  REQUIRE_THAT(p.relative_spread, WithinAbs(5.0 / 8.0, 1e-15));
  // Scale-free: multiplying the matrix by 1e-4 leaves the relative spread alone.
  REQUIRE_THAT(diagonal_profile(m * 1e-4).relative_spread, WithinAbs(5.0 / 8.0, 1e-12));
  REQUIRE(diagonal_profile(MatrixXd::Constant(3, 3, 2.0)).relative_spread == 0);
  MatrixXd cols(2, 3);
  cols << 1, 5, 3,
          1, 5, 4;
  REQUIRE_THAT(relative_column_spread(cols), WithinAbs(1.0 / 4.0, 1e-15));
}

TEST_CASE("four terms view: one colour scale, the sum, the sizes, the transpose gap (seed 001 eq. 6.1.13)") {
  auto v = four_terms_view(12, 8, 3, ToyWeights::Random);
  REQUIRE(v.ok());
  const auto& f = v.value;
  // Independent: the score of X + P computed entry by entry.
  auto toy = score_toy(12, 8, 3, false).value;
  const MatrixXd h = toy.x + toy.p, q = h * toy.wq, k = h * toy.wk;
  double worst = 0, scale = 0;
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j) {
      double s = 0;
      for (int c = 0; c < 8; ++c) s += q(i, c) * k(j, c);
      worst = std::max(worst, std::abs(s / std::sqrt(8.0) - f.total(i, j)));
      for (const MatrixXd* m : {&f.content_content, &f.content_position, &f.position_content, &f.position_position, &f.total}) scale = std::max(scale, std::abs((*m)(i, j)));
    }
  REQUIRE(worst < 1e-12);
  REQUIRE(v.value.shared_scale == scale);
  REQUIRE(v.value.sum_residual < 1e-12);
  REQUIRE_THAT(v.value.rms[1], WithinAbs(std::sqrt(f.content_position.squaredNorm() / 144), 1e-14));
  REQUIRE(v.value.transpose_gap > 1e-2);                 // random W_QW_Kᵀ is not symmetric
  REQUIRE(v.value.pp_relative_spread > 0.05);            // …and PWWᵀPᵀ is not a function of j − i
  auto eye = four_terms_view(12, 8, 3, ToyWeights::Identity).value;
  REQUIRE(eye.transpose_gap < 1e-12);
  REQUIRE(eye.pp_relative_spread < 1e-12);               // PPᵀ depends on j − i only
  REQUIRE_FALSE(four_terms_view(12, 7, 3, ToyWeights::Random).ok());  // odd dim
  REQUIRE_FALSE(four_terms_view(0, 8, 3, ToyWeights::Random).ok());
}

TEST_CASE("one word repeated: without position every key scores the same; with it, not") {
  auto r = repeated_word_row(16, 8, 3, ToyWeights::Identity, 5);
  REQUIRE(r.ok());
  REQUIRE(r.value.without_spread == 0);
  REQUIRE(r.value.with_spread > 0.1);
  REQUIRE_THAT(r.value.uniform_weight, WithinAbs(1.0 / 16, 1e-15));
  // Independent: the row of (x_0 + p_5)·(x_0 + p_j)/√d, and its largest entry.
  auto toy = score_toy(16, 8, 3, true).value;
  double best = -1e9;
  int arg = -1;
  for (int j = 0; j < 16; ++j) {
    double s = 0;
    for (int c = 0; c < 8; ++c) s += (toy.x(0, c) + toy.p(5, c)) * (toy.x(0, c) + toy.p(j, c));
    REQUIRE_THAT(r.value.with_position[static_cast<std::size_t>(j)], WithinAbs(s / std::sqrt(8.0), 1e-12));
    if (s > best) { best = s; arg = j; }
  }
  REQUIRE(r.value.argmax == arg);
  REQUIRE(r.value.top_weight > r.value.uniform_weight);
  REQUIRE_FALSE(repeated_word_row(16, 8, 3, ToyWeights::Identity, 16).ok());
}

TEST_CASE("position diagonals: flat with W = I, spread with random projections (seed 003 §2.2)") {
  auto d = position_diagonals(20, 16, 2);
  REQUIRE(d.ok());
  REQUIRE(d.value.identity.relative_spread < 1e-12);
  REQUIRE(d.value.projected.relative_spread > 0.05);
  // W = I, offset 2: p_i·p_{i+2}/√d = Σ cos(2ω)/√d.
  const auto inv = [](int i) { return std::pow(10000.0, -2.0 * i / 16); };
  double s = 0;
  for (int i = 0; i < 8; ++i) s += std::cos(2 * inv(i));
  REQUIRE_THAT(d.value.identity.max[19 + 2], WithinAbs(s / 4.0, 1e-12));
}

TEST_CASE("causal mask: no weight on later keys, no leak from them; without it, both") {
  auto on = causal_view(10, 8, 4, ToyWeights::Random, true);
  REQUIRE(on.ok());
  REQUIRE(on.value.future_weight == 0);
  REQUIRE(on.value.leak == 0);
  REQUIRE(on.value.row_sum_error < 1e-14);
  REQUIRE(std::isinf(on.value.scores(0, 9)));
  auto off = causal_view(10, 8, 4, ToyWeights::Random, false).value;
  REQUIRE(off.future_weight > 0);
  REQUIRE(off.leak > 1e-6);
}
