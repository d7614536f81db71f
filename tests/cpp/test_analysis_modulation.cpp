// The "Additive vs multiplicative" chapter (seed 003), against the closed forms written out here.
#include <catch2/catch.hpp>
#include <cmath>

#include "posenc/analysis.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;

TEST_CASE("RoPE's score of the toy plane is cos(φ + ωΔ), not cos(φ − ωΔ)") {
  const double phi = 30, w = 0.2;
  auto c = modulation_curves(phi, w, 3, 0, 60, 64);
  REQUIRE(c.ok());
  const double rad = phi * M_PI / 180;
  REQUIRE_THAT(c.value.rope_at, WithinAbs(std::cos(rad + 0.6), 1e-14));
  REQUIRE_THAT(c.value.rope_at, WithinAbs(0.4324, 1e-4));
  REQUIRE(std::abs(c.value.rope_at - std::cos(rad - 0.6)) > 0.5);
  // The same as the split qᵀR(ωΔ)k = cos(ωΔ)·qᵀk + sin(ωΔ)·qᵀJk with qᵀk = cos φ, qᵀJk = −sin φ.
  REQUIRE_THAT(c.value.rope_at, WithinAbs(std::cos(0.6) * std::cos(rad) - std::sin(0.6) * std::sin(rad), 1e-14));
  for (std::size_t k = 0; k < c.value.deltas.size(); ++k) {
    const double d = c.value.deltas[k];
    REQUIRE_THAT(c.value.rope[k], WithinAbs(std::cos(rad + w * d), 1e-13));
    REQUIRE_THAT(c.value.rope_phi0[k], WithinAbs(std::cos(w * d), 1e-13));
    REQUIRE_THAT(c.value.additive_kept[k], WithinAbs(std::cos(rad) + std::cos(w * d), 1e-13));
    // Query at 0, key at Δ: cross terms qᵀp_Δ + p_0ᵀk = sin(Δω) + sin φ (p_pos = (sin, cos)).
    REQUIRE_THAT(c.value.cross[k], WithinAbs(std::sin(d * w) + std::sin(rad), 1e-13));
  }
  // φ slides RoPE sideways by −φ/ω and lifts the sinusoidal curve by cos φ − 1; nothing else changes.
  REQUIRE_THAT(c.value.horizontal_shift, WithinAbs(-rad / w, 1e-12));
  REQUIRE_THAT(c.value.vertical_shift, WithinAbs(std::cos(rad) - 1, 1e-15));
  // Moving the query (Δ fixed) changes the full additive score, not RoPE's.
  REQUIRE(c.value.additive_m_spread > 0.5);
  REQUIRE(c.value.rope_m_spread < 1e-12);
}

TEST_CASE("modulation curves refuse what they cannot draw") {
  REQUIRE_FALSE(modulation_curves(30, 0, 3, 0, 60, 64).ok());
  REQUIRE_FALSE(modulation_curves(30, 0.2, 61, 0, 60, 64).ok());
  REQUIRE_FALSE(modulation_curves(30, 0.2, 1.5, 0, 60, 64).ok());
  REQUIRE_FALSE(modulation_curves(NAN, 0.2, 3, 0, 60, 64).ok());
}

TEST_CASE("the split of seed 003 §3.2 holds plane by plane") {
  auto s = modulation_split(4, 3, 8);
  REQUIRE(s.ok());
  REQUIRE(s.value.cos_term.size() == 4);
  REQUIRE(s.value.max_abs_difference < 1e-14);
  double total = 0;
  for (double v : s.value.direct) total += v;
  REQUIRE_THAT(s.value.total, WithinAbs(total, 1e-15));
}
