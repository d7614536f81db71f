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

TEST_CASE("config wavelengths: 2π/θ per pair, pairs slower than each length, the slowest pair's turns") {
  const double pi = 3.14159265358979323846;
  std::vector<double> inv;
  for (int i = 0; i < 64; ++i) inv.push_back(std::pow(500000.0, -i / 64.0));
  auto c = config_wavelengths(inv, {8192, 131072});
  REQUIRE(c.ok());
  REQUIRE(c.value.wavelength.size() == 64);
  int b8 = 0, b128 = 0;
  for (int i = 0; i < 64; ++i) {
    const double wl = 2 * pi * std::pow(500000.0, i / 64.0);
    REQUIRE(std::abs(c.value.wavelength[static_cast<std::size_t>(i)] - wl) <= 1e-12 * wl);
    b8 += wl > 8192 ? 1 : 0;
    b128 += wl > 131072 ? 1 : 0;
  }
  REQUIRE(c.value.beyond == std::vector<int>{b8, b128});
  REQUIRE(b8 == 29);  // Llama 3.1's unscaled pairs: 29 never complete a turn within 8192 (Llama 3 divides them)
  REQUIRE(std::abs(c.value.slowest_turns[0] - 8192 * inv[63] / (2 * pi)) <= 1e-12);
  REQUIRE(config_wavelengths(inv, {}).ok());
  REQUIRE_FALSE(config_wavelengths({}, {10}).ok());
  REQUIRE_FALSE(config_wavelengths(inv, {0}).ok());
  REQUIRE_FALSE(config_wavelengths(inv, {std::nan("")}).ok());
  REQUIRE_FALSE(config_wavelengths({1, -1}, {10}).ok());
}

namespace {
// q·R(θ(n − m))·k for one pair (a, b) of q and (c, d) of k: the rotation of the difference, written
// out, as the check of a function that rotates q and k separately.
double pair_score(double a, double b, double c, double d, double angle) {
  return (a * c + b * d) * std::cos(angle) + (b * c - a * d) * std::sin(angle);
}

std::vector<double> normal_like(std::size_t n, unsigned seed) {
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = std::sin(1.7 * static_cast<double>(i + 1) * seed) + 0.25;
  return v;
}
}  // namespace

TEST_CASE("M-RoPE on a grid of patches: each coordinate's pairs, their sum, and the rotation of differences") {
  const auto inv = default_inv_freq(128, 1000000);  // Qwen2.5-VL: head 128, rope_theta 1e6
  std::vector<double> axes(64, 0);
  for (int i = 16; i < 40; ++i) axes[i] = 1;  // mrope_section [16, 24, 24]
  for (int i = 40; i < 64; ++i) axes[i] = 2;
  const auto q = normal_like(128, 3), k = normal_like(128, 5);
  const int g = 9, c = 4;
  for (double dt : {0.0, 3.0}) {
    auto r = mrope_scores(q, k, inv, axes, g, dt);
    REQUIRE(r.ok());
    for (int y = 0; y < g; ++y) {
      for (int x = 0; x < g; ++x) {
        const double pos_q[3] = {0, double(c), double(c)}, pos_k[3] = {dt, double(y), double(x)};
        double want[3] = {0, 0, 0};
        for (int i = 0; i < 64; ++i) {
          const int a = static_cast<int>(axes[i]);
          want[a] += pair_score(q[i], q[i + 64], k[i], k[i + 64], inv[i] * (pos_k[a] - pos_q[a]));
        }
        double own[3] = {0, 0, 0};  // each section's q·k, unrotated
        for (int i = 0; i < 64; ++i) own[static_cast<int>(axes[i])] += q[i] * k[i] + q[i + 64] * k[i + 64];
        for (int a = 0; a < 3; ++a) REQUIRE_THAT(r.value.at_query[a], WithinAbs(own[a], 1e-12));
        REQUIRE_THAT(r.value.time(y, x), WithinAbs(want[0] - own[0], 1e-11));
        REQUIRE_THAT(r.value.height(y, x), WithinAbs(want[1] - own[1], 1e-11));
        REQUIRE_THAT(r.value.width(y, x), WithinAbs(want[2] - own[2], 1e-11));
        REQUIRE_THAT(r.value.total(y, x), WithinAbs(want[0] + want[1] + want[2] - own[0] - own[1] - own[2], 1e-11));
        // Time is the same for every patch of one frame; height changes only down, width only across.
        REQUIRE_THAT(r.value.time(y, x), WithinAbs(r.value.time(0, 0), 1e-12));
        REQUIRE_THAT(r.value.height(y, x), WithinAbs(r.value.height(y, 0), 1e-12));
        REQUIRE_THAT(r.value.width(y, x), WithinAbs(r.value.width(0, x), 1e-12));
      }
    }
    REQUIRE(r.value.time_spread <= 1e-12);
    REQUIRE(r.value.height_spread_in_row <= 1e-12);
    REQUIRE(r.value.width_spread_in_column <= 1e-12);
    // ... while height does change down a column and width along a row, width far less: in the
    // block layout it has the slowest 24 of the 64 frequencies (wavelengths from 3.5·10⁴ positions).
    double down = 0, across = 0;
    for (int i = 0; i < g; ++i) {
      down = std::max(down, r.value.height.col(i).maxCoeff() - r.value.height.col(i).minCoeff());
      across = std::max(across, r.value.width.row(i).maxCoeff() - r.value.width.row(i).minCoeff());
    }
    REQUIRE(r.value.height_change_down == down);
    REQUIRE(r.value.width_change_across == across);
    REQUIRE(down > 0.1);
    REQUIRE(across > 1e-4);
    REQUIRE(across < down / 10);
    // At the query's own patch and frame nothing has turned: every change is 0 there.
    if (dt == 0) REQUIRE_THAT(r.value.total(c, c), WithinAbs(0, 1e-12));
  }
}

TEST_CASE("M-RoPE with every pair on time is 1-D RoPE at offset dt, the same on every patch") {
  const auto inv = default_inv_freq(16, 10000);
  const std::vector<double> axes(8, 0);
  const auto q = normal_like(16, 7), k = normal_like(16, 11);
  auto r = mrope_scores(q, k, inv, axes, 5, 6);
  REQUIRE(r.ok());
  double want = 0;
  for (int i = 0; i < 8; ++i) want += pair_score(q[i], q[i + 8], k[i], k[i + 8], inv[i] * 6) - (q[i] * k[i] + q[i + 8] * k[i + 8]);
  REQUIRE((r.value.height.array() == 0).all());
  REQUIRE((r.value.width.array() == 0).all());
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x) REQUIRE_THAT(r.value.total(y, x), WithinAbs(want, 1e-12));
}

TEST_CASE("M-RoPE scores refuse bad input, naming the argument") {
  const auto inv = default_inv_freq(8, 10000);
  const auto q = normal_like(8, 1);
  const std::vector<double> axes{0, 1, 2, 1};
  auto msg = [](const Result<MropeScores>& r) { return r.status.message; };
  REQUIRE_THAT(msg(mrope_scores(q, q, inv, {0, 1, 3, 1}, 5, 0)), Catch::Matchers::Contains("axes[2]"));
  REQUIRE_THAT(msg(mrope_scores(q, q, inv, {0, 1}, 5, 0)), Catch::Matchers::Contains("axes must have one entry per pair (4)"));
  REQUIRE_THAT(msg(mrope_scores(normal_like(6, 1), q, inv, axes, 5, 0)), Catch::Matchers::Contains("q must have"));
  REQUIRE_THAT(msg(mrope_scores(q, normal_like(6, 1), inv, axes, 5, 0)), Catch::Matchers::Contains("k must have"));
  REQUIRE_THAT(msg(mrope_scores(q, q, inv, axes, 0, 0)), Catch::Matchers::Contains("grid"));
  REQUIRE_THAT(msg(mrope_scores(q, q, inv, axes, 5, std::nan(""))), Catch::Matchers::Contains("dt"));
  REQUIRE_THAT(msg(mrope_scores(q, q, inv, axes, 5, 1e9)), Catch::Matchers::Contains("dt must be within"));
}

TEST_CASE("each scaling in two plain numbers: pairs still meeting unseen angles at L′, and how much closer neighbours are") {
  // d = 128, base 10000, L = 4096 → L′ = 32768 (s = 8): written out from θ_i = 10000^(−2i/128)
  auto f = context_frequencies(128, 10000, 4096, 32768, 32, 1, 1, 4);
  REQUIRE(f.ok());
  const double pi = 3.14159265358979323846;
  int unscaled = 0;
  for (int i = 0; i < 64; ++i) {
    const double t = std::pow(10000.0, -2.0 * i / 128);
    if (4096 * t < 2 * pi && 32768 * t > 4096 * t) ++unscaled;  // every slow pair, unscaled
  }
  REQUIRE(unscaled == f.value.unseen);
  for (const auto& c : f.value.scalings) {
    int want = 0;
    for (int i = 0; i < 64; ++i) {
      const double t = std::pow(10000.0, -2.0 * i / 128);
      if (4096 * t < 2 * pi && 32768 * c.inv_freq[static_cast<std::size_t>(i)] > 4096 * t * (1 + 1e-12)) ++want;
    }
    INFO(c.kind);
    REQUIRE(c.unseen_after == want);
    REQUIRE_THAT(c.fastest_slowdown, WithinAbs(1.0 / c.inv_freq[0], 1e-12));  // θ_0 = 1
  }
  REQUIRE_THAT(f.value.scalings[0].fastest_slowdown, WithinAbs(8, 1e-12));  // linear: every pair s times slower
  REQUIRE(f.value.scalings[0].unseen_after == 0);                           // … so no angle past L·θ_i
  REQUIRE_THAT(f.value.scalings[2].fastest_slowdown, WithinAbs(1, 1e-12));  // YaRN keeps the fast pairs
}
