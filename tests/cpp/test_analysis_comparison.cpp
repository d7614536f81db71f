// The "Comparison" chapter's measured cells.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>

#include "posenc/absolute.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;

TEST_CASE("depends on j − i only: measured relative to each matrix's own range") {
  auto c = comparison_measures(32, 16, 64, 7);
  REQUIRE(c.ok());
  const auto& m = c.value;
  // Positions alone: sinusoidal, T5 and RoPE are functions of the offset; a learned table is not.
  REQUIRE(m.spread_alone[0] < 1e-12);
  REQUIRE(m.spread_alone[1] > 0.2);
  REQUIRE(m.spread_alone[2] == 0);
  REQUIRE(m.spread_alone[3] < 1e-12);
  // The learned Gram matrix is tiny (entries ~ 0.02² · d) yet its relative spread is as large as any.
  REQUIRE(m.position_scores[1].cwiseAbs().maxCoeff() < 0.05);
  // Through random projections only T5 and RoPE keep it.
  REQUIRE(m.spread_projected[0] > 0.05);
  REQUIRE(m.spread_projected[1] > 0.05);
  REQUIRE(m.spread_projected[2] == 0);
  REQUIRE(m.spread_projected[3] < 1e-12);
  REQUIRE(m.parameters[1] == 64 * 16);
  REQUIRE(m.parameters[2] == 32);
  REQUIRE(m.length_change[3] < 1e-14);  // rotations keep lengths
  REQUIRE(m.length_change[0] > 0.1);    // adding p does not
  REQUIRE(std::isnan(m.length_change[2]));
  REQUIRE(m.defined_at_n_max[0]);
  REQUIRE_FALSE(m.defined_at_n_max[1]);
  REQUIRE(m.defined_at_n_max[3]);
  // Independent: sinusoidal P·Pᵀ/√d at (3, 8) and (20, 25) equal Σ cos(5ω_i)/√d.
  double s = 0;
  for (int i = 0; i < 8; ++i) s += std::cos(5 * std::pow(10000.0, -2.0 * i / 16));
  REQUIRE_THAT(m.position_scores[0](3, 8), WithinAbs(s / 4, 1e-12));
  REQUIRE_THAT(m.position_scores[0](20, 25), WithinAbs(s / 4, 1e-12));
  REQUIRE_FALSE(comparison_measures(32, 16, 0, 7).ok());
}

TEST_CASE("a learned table's first rows do not depend on how many rows it has (the comparison draws only n)") {
  const auto big = learned_table(512, 16, 1).value.weights, small = learned_table(32, 16, 1).value.weights;
  REQUIRE((big.topRows(32) - small).cwiseAbs().maxCoeff() == 0);
  auto c = comparison_measures(32, 16, 512, 7).value;
  REQUIRE((c.position_scores[1] - small * small.transpose() / 4.0).cwiseAbs().maxCoeff() < 1e-15);
}

TEST_CASE("past n_max the learned spread reads only the pairs a table of n_max rows has") {
  // n = 32 positions, a table of 10 rows: the 10 × 10 block is all there is.
  auto c = comparison_measures(32, 16, 10, 7).value;
  const auto l = learned_table(10, 16, 1).value.weights;
  const Eigen::MatrixXd gram = l * l.transpose() / 4.0;
  // independent: largest change along one diagonal of the block over the block's range
  double spread = 0;
  for (int off = -9; off <= 9; ++off) {
    double lo = 1e300, hi = -1e300;
    for (int i = std::max(0, -off); i < 10 && i + off < 10; ++i) {
      lo = std::min(lo, gram(i, i + off));
      hi = std::max(hi, gram(i, i + off));
    }
    spread = std::max(spread, hi - lo);
  }
  REQUIRE_THAT(c.spread_alone[1], WithinAbs(spread / (gram.maxCoeff() - gram.minCoeff()), 1e-12));
  // the whole 32 × 32 matrix (rows the table does not have) gives another number
  REQUIRE(std::abs(c.spread_alone[1] - diagonal_profile(c.position_scores[1]).relative_spread) > 1e-3);
  // at or under n_max nothing changes
  REQUIRE(comparison_measures(32, 16, 32, 7).value.spread_alone[1] == diagonal_profile(comparison_measures(32, 16, 64, 7).value.position_scores[1]).relative_spread);
}
