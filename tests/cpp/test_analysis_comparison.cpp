// The "Comparison" chapter's measured cells.
#include <catch2/catch.hpp>
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
