// The "Longer contexts" chapter's measurements (analysis_contexts.hpp), against independent float64
// computations or properties.
#include <catch2/catch.hpp>
#include <cmath>

#include "posenc/analysis.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/relative.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;

namespace {
const double kPi = 3.14159265358979323846;
}

TEST_CASE("at L′ = L every scaling is the identity: slowdowns exactly 1 (the factor-1 freeze)") {
  auto f = context_frequencies(128, 10000, 32768, 32768, 32, 1, 1, 4);
  REQUIRE(f.ok());
  REQUIRE(f.value.factor == 1);
  REQUIRE_FALSE(f.value.needs_scaling);
  for (const auto& s : f.value.scalings) {
    INFO(s.kind);
    REQUIRE(s.error.empty());
    for (double r : s.slowdown) REQUIRE(r == 1);
    REQUIRE(s.attention_factor == 1);
    REQUIRE(s.bands.kept == 64);
  }
  // And below L: s stays 1, nothing is stretched.
  auto g = context_frequencies(128, 10000, 8192, 1024, 32, 1, 1, 4);
  REQUIRE(g.value.factor == 1);
  for (const auto& s : g.value.scalings) for (double r : s.slowdown) REQUIRE(r == 1);
}

TEST_CASE("YaRN and Llama 3 at factor 1 give the default frequencies bit for bit") {
  RopeScaling y;
  y.rope_type = "yarn";
  y.factor = 1;
  y.original_max_position_embeddings = 4096;
  const auto plain = default_inv_freq(128, 10000);
  auto a = inverse_frequencies(128, 10000, y);
  REQUIRE(a.ok());
  for (std::size_t i = 0; i < plain.size(); ++i) REQUIRE(a.value.inv_freq[i] == plain[i]);
  RopeScaling l;
  l.rope_type = "llama3";
  l.factor = 1;
  l.original_max_position_embeddings = 8192;
  l.low_freq_factor = 1;
  l.high_freq_factor = 4;
  auto b = inverse_frequencies(128, 500000, l);
  const auto plain5 = default_inv_freq(128, 500000);
  for (std::size_t i = 0; i < plain5.size(); ++i) REQUIRE(b.value.inv_freq[i] == plain5[i]);
}

TEST_CASE("the chapter's scalings at Llama 3.1's parameters: bands 29 / 6 / 29, YaRN's attention factor") {
  auto f = context_frequencies(128, 500000, 8192, 65536, 32, 1, 1, 4);
  REQUIRE(f.ok());
  REQUIRE(f.value.factor == 8);
  const auto& llama = f.value.scalings[3];
  REQUIRE(llama.kind == "llama3");
  REQUIRE(llama.bands.kept == 29);
  REQUIRE(llama.bands.blended == 6);
  REQUIRE(llama.bands.divided == 29);
  REQUIRE(llama.bands.first_blended == 29);
  REQUIRE(llama.bands.first_divided == 35);
  const auto& yarn = f.value.scalings[2];
  REQUIRE_THAT(yarn.attention_factor, WithinAbs(0.1 * std::log(8.0) + 1, 1e-15));
  const auto& linear = f.value.scalings[0];
  for (double r : linear.slowdown) REQUIRE_THAT(r, WithinAbs(8, 1e-13));
  REQUIRE(linear.bands.divided == 64);
  // unseen pairs: wavelength 2π·500000^(2i/128) > 8192, counted independently
  int unseen = 0;
  for (int i = 0; i < 64; ++i) unseen += 2 * kPi * std::pow(500000.0, 2.0 * i / 128) > 8192;
  REQUIRE(f.value.unseen == unseen);
  REQUIRE(f.value.first_unseen == 64 - unseen);
  REQUIRE_THAT(f.value.target_turns[0], WithinAbs(65536 / (2 * kPi), 1e-9));
  // Llama 3 with high ≤ low is refused for that curve only
  auto bad = context_frequencies(128, 500000, 8192, 65536, 32, 1, 4, 2);
  REQUIRE(bad.ok());
  REQUIRE_FALSE(bad.value.scalings[3].error.empty());
  REQUIRE(bad.value.scalings[0].error.empty());
}

TEST_CASE("long-range score q₀ᵀk_Δ = a²·2Σcos(Δθ_i): values, envelope and matrix") {
  const auto inv = default_inv_freq(16, 10000);
  auto v = long_range_values(inv, 1.5, {0, 7, 4321});
  REQUIRE(v.ok());
  REQUIRE_THAT(v.value[0], WithinAbs(2.25 * 16, 1e-12));
  double want = 0;
  for (double w : inv) want += 2 * std::cos(4321 * w);
  REQUIRE_THAT(v.value[2], WithinAbs(2.25 * want, 1e-11));
  // envelope of Δ = 0 … 999 in 37 columns, against brute force
  auto e = long_range_envelope(inv, 1, 999, 37, 0, 37);
  REQUIRE(e.ok());
  for (int c = 0; c < 37; ++c) {
    const int from = c * 1000 / 37, to = (c + 1) * 1000 / 37;
    double lo = 1e300, hi = -1e300;
    for (int d = from; d < to; ++d) {
      double s = 0;
      for (double w : inv) s += 2 * std::cos(d * w);
      lo = std::min(lo, s);
      hi = std::max(hi, s);
    }
    REQUIRE(e.value.start[c] == from);
    REQUIRE_THAT(e.value.lo[c], WithinAbs(lo, 1e-10));
    REQUIRE_THAT(e.value.hi[c], WithinAbs(hi, 1e-10));
  }
  REQUIRE(long_range_columns(999, 37).value == e.value.start);
  // log-spaced columns: every Δ still in exactly one column, the brute force min and max again
  auto lg = long_range_envelope(inv, 1, 999, 50, 0, 50, true);
  REQUIRE(lg.ok());
  REQUIRE(lg.value.start[0] == 0);
  for (int c = 0; c < 50; ++c) {
    const double from = lg.value.start[c], to = c + 1 < 50 ? lg.value.start[c + 1] : 1000;
    REQUIRE(to >= from);
    if (to == from) {
      REQUIRE(std::isnan(lg.value.lo[c]));
      continue;
    }
    double lo = 1e300, hi = -1e300;
    for (double d = from; d < to; ++d) {
      double s = 0;
      for (double w : inv) s += 2 * std::cos(d * w);
      lo = std::min(lo, s);
      hi = std::max(hi, s);
    }
    REQUIRE_THAT(lg.value.lo[c], WithinAbs(lo, 1e-10));
    REQUIRE_THAT(lg.value.hi[c], WithinAbs(hi, 1e-10));
  }
  REQUIRE(long_range_columns(999, 50, true).value == lg.value.start);
  // a part of the columns gives the same numbers
  auto part = long_range_envelope(inv, 1, 999, 37, 10, 12);
  REQUIRE(part.value.lo.size() == 2);
  REQUIRE(part.value.lo[1] == e.value.lo[11]);
  // more columns than positions: empty columns are NaN
  auto sparse = long_range_envelope(inv, 1, 3, 8, 0, 8);
  REQUIRE(std::isnan(sparse.value.lo[0]));
  REQUIRE_THAT(sparse.value.lo[1], WithinAbs(16, 1e-12));  // Δ = 0: 2·8 pairs
  REQUIRE_FALSE(long_range_envelope(inv, 1, 999, 37, 12, 10).ok());
  // matrix: row 0 against the values at the grid's positions
  auto m = long_range_matrix(inv, 1, 1000, 5);
  REQUIRE(m.ok());
  REQUIRE(m.value.positions[2] == 500);
  auto at = long_range_values(inv, 1, m.value.positions);
  for (int c = 0; c < 5; ++c) REQUIRE_THAT(m.value.scores(0, c), WithinAbs(at.value[static_cast<std::size_t>(c)], 1e-11));
  REQUIRE_THAT(m.value.scores(1, 3), WithinAbs(at.value[2], 1e-10));  // 750 − 250 = 500
}

TEST_CASE("ALiBi: one head's causal bias and the penalty against distance") {
  auto slopes = alibi_slopes(12).value;
  auto b = alibi_head_bias(12, 3, 6);
  REQUIRE(b.ok());
  REQUIRE(b.value(5, 2) == -slopes[3] * 3);
  REQUIRE(std::isinf(b.value(2, 5)));
  REQUIRE(b.value(4, 4) == 0);
  auto o = alibi_by_offset(12, {0, 100, 1000});
  REQUIRE(o.value(11, 2) == -slopes[11] * 1000);
  REQUIRE_FALSE(alibi_head_bias(12, 12, 6).ok());
}

TEST_CASE("scaling bands: kept, blended, divided") {
  auto b = scaling_bands({1, 0.1, 0.01}, {1, 0.05, 0.0025}, 4);
  REQUIRE(b.ok());
  REQUIRE(b.value.kept == 1);
  REQUIRE(b.value.blended == 1);
  REQUIRE(b.value.divided == 1);
  REQUIRE_FALSE(scaling_bands({1}, {1, 2}, 4).ok());
}
