#include <catch2/catch.hpp>
#include <cmath>

#include "posenc/frequencies.hpp"

using namespace posenc;
using Catch::Matchers::WithinRel;

namespace {
const double kPi = 3.14159265358979323846;

RopeScaling scaling(const char* type, double factor) {
  RopeScaling s;
  s.rope_type = type;
  s.factor = factor;
  return s;
}
}  // namespace

TEST_CASE("default frequencies for d_model = 8 are 1, 0.1, 0.01, 0.001 (seed 000 §2.2.1)") {
  auto f = inverse_frequencies(8, 10000, RopeScaling{});
  REQUIRE(f.ok());
  const double expect[] = {1, 0.1, 0.01, 0.001};
  for (int i = 0; i < 4; ++i) REQUIRE_THAT(f.value.inv_freq[i], WithinRel(expect[i], 1e-14));
  REQUIRE(f.value.attention_factor == 1.0);
}

TEST_CASE("linear scaling divides every frequency by factor") {
  auto f = inverse_frequencies(64, 10000, scaling("linear", 4));
  REQUIRE(f.ok());
  for (int i = 0; i < 32; ++i) REQUIRE_THAT(f.value.inv_freq[i], WithinRel(std::pow(10000.0, -2.0 * i / 64) / 4, 1e-13));
}

TEST_CASE("dynamic NTK scaling changes the base as transformers does") {
  // seq_len 8192 over max 2048 with factor 2: base' = base·(2·4 − 1)^(d/(d−2))
  RopeScaling dynamic = scaling("dynamic", 2);
  dynamic.max_position_embeddings = 2048;
  dynamic.seq_len = 8192;
  auto f = inverse_frequencies(128, 10000, dynamic);
  REQUIRE(f.ok());
  const double base2 = 10000 * std::pow(2.0 * 8192 / 2048 - 1, 128.0 / 126.0);
  for (int i = 0; i < 64; ++i) REQUIRE_THAT(f.value.inv_freq[i], WithinRel(1.0 / std::pow(base2, 2.0 * i / 128), 1e-12));
  // Below the trained length the dynamic base equals the original one.
  dynamic.seq_len = 100;
  auto g = inverse_frequencies(128, 10000, dynamic);
  REQUIRE_THAT(g.value.inv_freq[10], WithinRel(std::pow(10000.0, -20.0 / 128), 1e-12));
}

TEST_CASE("yarn blends interpolation and extrapolation by rotation count, with 0.1 ln(s) + 1") {
  RopeScaling yarn = scaling("yarn", 4);
  yarn.original_max_position_embeddings = 4096;
  auto f = inverse_frequencies(128, 10000, yarn);
  REQUIRE(f.ok());
  REQUIRE_THAT(f.value.attention_factor, WithinRel(0.1 * std::log(4.0) + 1, 1e-14));
  // Independent: a pair making more than beta_fast = 32 turns over 4096 positions is kept, fewer
  // than beta_slow = 1 turn is divided by the factor; the ramp between is linear in the pair index.
  const double low = std::floor(128 * std::log(4096 / (32 * 2 * kPi)) / (2 * std::log(10000.0)));
  const double high = std::ceil(128 * std::log(4096 / (1 * 2 * kPi)) / (2 * std::log(10000.0)));
  int kept = 0, divided = 0;
  for (int j = 0; j < 64; ++j) {
    const double w = std::pow(10000.0, -2.0 * j / 128);
    const double ramp = std::min(1.0, std::max(0.0, (j - low) / (high - low)));
    REQUIRE_THAT(f.value.inv_freq[j], WithinRel(w * (1 - ramp) + w / 4 * ramp, 1e-12));
    if (ramp == 0) ++kept;
    if (ramp == 1) ++divided;
  }
  REQUIRE(kept == static_cast<int>(low) + 1);
  REQUIRE(divided == 64 - static_cast<int>(high));
  // mscale / mscale_all_dim (DeepSeek-V3 style) ratio of two mscales: equal -> 1.
  RopeScaling deepseek = scaling("yarn", 40);
  deepseek.original_max_position_embeddings = 4096;
  deepseek.mscale = deepseek.mscale_all_dim = 1;
  auto g = inverse_frequencies(128, 10000, deepseek);
  REQUIRE_THAT(g.value.attention_factor, WithinRel(1.0, 1e-15));
  yarn.attention_factor = 1.5;
  auto h = inverse_frequencies(128, 10000, yarn);
  REQUIRE(h.value.attention_factor == 1.5);
}

TEST_CASE("llama3 keeps high frequencies, divides low ones, blends the middle band") {
  // Llama 3.1 8B: head_dim 128, rope_theta 500000, factor 8, low 1, high 4, original 8192.
  RopeScaling llama3 = scaling("llama3", 8);
  llama3.low_freq_factor = 1;
  llama3.high_freq_factor = 4;
  llama3.original_max_position_embeddings = 8192;
  auto f = inverse_frequencies(128, 500000, llama3);
  REQUIRE(f.ok());
  int high = 0, low = 0, mid = 0;
  for (int i = 0; i < 64; ++i) {
    const double w = std::pow(500000.0, -2.0 * i / 128);
    const double wavelen = 2 * kPi / w;
    if (wavelen < 8192.0 / 4) {
      ++high;
      REQUIRE_THAT(f.value.inv_freq[i], WithinRel(w, 1e-13));
    } else if (wavelen > 8192.0 / 1) {
      ++low;
      REQUIRE_THAT(f.value.inv_freq[i], WithinRel(w / 8, 1e-13));
    } else {
      ++mid;
      const double smooth = (8192 / wavelen - 1) / (4 - 1);
      REQUIRE_THAT(f.value.inv_freq[i], WithinRel((1 - smooth) * w / 8 + smooth * w, 1e-13));
    }
  }
  // Band counts (also computed with Python's math module): 29 unchanged, 6 blended, 29 divided by 8.
  REQUIRE(high == 29);
  REQUIRE(mid == 6);
  REQUIRE(low == 29);
}

TEST_CASE("longrope: short factors up to the original length, long ones past it, one attention factor") {
  // Phi-3.5 style: original 4096, factor 32 -> attention factor sqrt(1 + ln 32 / ln 4096) = sqrt(17/12).
  RopeScaling s = scaling("longrope", 32);
  s.original_max_position_embeddings = 4096;
  for (int j = 0; j < 4; ++j) {
    s.short_factor.push_back(1 + j);
    s.long_factor.push_back(10 + j);
  }
  auto at_init = inverse_frequencies(8, 10000, s);
  REQUIRE(at_init.ok());
  REQUIRE_THAT(at_init.value.attention_factor, WithinRel(std::sqrt(17.0 / 12.0), 1e-15));
  for (int j = 0; j < 4; ++j) REQUIRE_THAT(at_init.value.inv_freq[j], WithinRel(std::pow(10000.0, -j / 4.0) / (1 + j), 1e-14));
  s.seq_len = 4096;  // still the short list at the original length itself
  REQUIRE(inverse_frequencies(8, 10000, s).value.inv_freq[1] == at_init.value.inv_freq[1]);
  s.seq_len = 4097;
  auto past = inverse_frequencies(8, 10000, s);
  for (int j = 0; j < 4; ++j) REQUIRE_THAT(past.value.inv_freq[j], WithinRel(std::pow(10000.0, -j / 4.0) / (10 + j), 1e-14));
  REQUIRE(past.value.attention_factor == at_init.value.attention_factor);
  s.long_factor.pop_back();
  REQUIRE(inverse_frequencies(8, 10000, s).status.message == "scaling.long_factor must have dim / 2 = 4 entries, got 3");
}

TEST_CASE("bad scaling values are named errors") {
  auto a = inverse_frequencies(64, 10000, scaling("ntk-by-parts", 2));
  REQUIRE(a.status.kind == ErrorKind::Range);
  REQUIRE(a.status.message.find("scaling.rope_type must be one of") == 0);
  auto b = inverse_frequencies(64, 10000, scaling("linear", std::nan("")));
  REQUIRE(b.status.message == "scaling.factor must be a finite number > 0, got NaN");
  auto e = inverse_frequencies(64, 10000, scaling("yarn", 2));
  REQUIRE(e.status.message == "scaling.original_max_position_embeddings is required for this rope_type");
  auto f = inverse_frequencies(7, 10000, RopeScaling{});
  REQUIRE(f.status.message == "dim must be an even integer from 2 to 16384, got 7");
  auto g = inverse_frequencies(8, std::nan(""), RopeScaling{});
  REQUIRE(g.status.message == "base must be a finite number > 1, got NaN");
  // Individually valid, jointly overflowing: a named error, never an infinite frequency.
  auto h = inverse_frequencies(8, 10000, scaling("linear", 5e-324));
  REQUIRE(h.status.message.find("scaling 'linear' gives frequency 0 = Infinity") == 0);
}

TEST_CASE("MLA softmax scale: DeepSeek-V3's YaRN correction sits in the softmax, not in cos and sin") {
  // qk_head_dim 192 (128 + 64), factor 40, mscale_all_dim 1: 192^-1/2 · (0.1 ln 40 + 1)^2.
  auto s = mla_softmax_scale(192, 40, 1);
  REQUIRE(s.ok());
  REQUIRE_THAT(s.value, WithinRel(std::pow(0.1 * std::log(40.0) + 1, 2) / std::sqrt(192.0), 1e-15));
  REQUIRE_THAT(s.value, WithinRel(0.1352337788608801, 1e-15));  // tests/hf/golden.json, transformers' formula in float64
  REQUIRE_THAT(mla_softmax_scale(192, 40, 0).value, WithinRel(1 / std::sqrt(192.0), 1e-15));
  REQUIRE(mla_softmax_scale(0, 40, 1).status.message == "qkHeadDim must be a finite number > 0, got 0");
}
