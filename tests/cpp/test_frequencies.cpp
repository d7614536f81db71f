#include <catch2/catch.hpp>
#include <cmath>

#include "posenc/frequencies.hpp"

using namespace posenc;
using Catch::Matchers::WithinRel;

namespace {
const double kPi = 3.14159265358979323846;

RopeScaling scaling_from(const char* text) {
  auto v = json::parse(text);
  REQUIRE(v.ok());
  auto s = parse_scaling(v.value, true, nullptr);
  INFO(s.status.message);
  REQUIRE(s.ok());
  return s.value;
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
  auto f = inverse_frequencies(64, 10000, scaling_from(R"({"rope_type":"linear","factor":4})"));
  REQUIRE(f.ok());
  for (int i = 0; i < 32; ++i) REQUIRE_THAT(f.value.inv_freq[i], WithinRel(std::pow(10000.0, -2.0 * i / 64) / 4, 1e-13));
}

TEST_CASE("dynamic NTK scaling changes the base as transformers does") {
  // seq_len 8192 over max 2048 with factor 2: base' = base·(2·4 − 1)^(d/(d−2))
  auto f = inverse_frequencies(
      128, 10000,
      scaling_from(R"({"rope_type":"dynamic","factor":2,"max_position_embeddings":2048,"seq_len":8192})"));
  REQUIRE(f.ok());
  const double base2 = 10000 * std::pow(2.0 * 8192 / 2048 - 1, 128.0 / 126.0);
  for (int i = 0; i < 64; ++i) REQUIRE_THAT(f.value.inv_freq[i], WithinRel(1.0 / std::pow(base2, 2.0 * i / 128), 1e-12));
  // Below the trained length the dynamic base equals the original one.
  auto g = inverse_frequencies(
      128, 10000, scaling_from(R"({"rope_type":"dynamic","factor":2,"max_position_embeddings":2048,"seq_len":100})"));
  REQUIRE_THAT(g.value.inv_freq[10], WithinRel(std::pow(10000.0, -20.0 / 128), 1e-12));
}

TEST_CASE("yarn blends interpolation and extrapolation by rotation count, with 0.1 ln(s) + 1") {
  auto f = inverse_frequencies(
      128, 10000, scaling_from(R"({"rope_type":"yarn","factor":4,"original_max_position_embeddings":4096})"));
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
  auto g = inverse_frequencies(128, 10000,
                               scaling_from(R"({"rope_type":"yarn","factor":40,"original_max_position_embeddings":4096,
                                                "mscale":1,"mscale_all_dim":1})"));
  REQUIRE_THAT(g.value.attention_factor, WithinRel(1.0, 1e-15));
  auto h = inverse_frequencies(128, 10000,
                               scaling_from(R"({"rope_type":"yarn","factor":4,"original_max_position_embeddings":4096,
                                                "attention_factor":1.5})"));
  REQUIRE(h.value.attention_factor == 1.5);
}

TEST_CASE("llama3 keeps high frequencies, divides low ones, blends the middle band") {
  // Llama 3.1 8B: head_dim 128, rope_theta 500000, factor 8, low 1, high 4, original 8192.
  auto f = inverse_frequencies(128, 500000,
                               scaling_from(R"({"rope_type":"llama3","factor":8,"low_freq_factor":1,
                                                "high_freq_factor":4,"original_max_position_embeddings":8192})"));
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

TEST_CASE("bad scaling options are named errors") {
  auto parse = [](const char* t) {
    auto v = json::parse(t);
    return parse_scaling(v.value, true, nullptr);
  };
  auto a = parse(R"({"rope_type":"ntk-by-parts","factor":2})");
  REQUIRE(a.status.kind == ErrorKind::Range);
  REQUIRE(a.status.message.find("scaling.rope_type must be one of") == 0);
  auto b = parse(R"({"rope_type":"linear","factor":"2"})");
  REQUIRE(b.status.kind == ErrorKind::Type);
  REQUIRE(b.status.message == "scaling.factor must be a number, got string");
  auto c = parse(R"({"rope_type":"linear","factor":2,"beta_fast":32})");
  REQUIRE(c.status.message.find("scaling.beta_fast is not used by rope_type 'linear'") == 0);
  auto n = parse(R"({"rope_type":"linear","factor":null})");  // NaN through JSON.stringify
  REQUIRE(n.status.kind == ErrorKind::Type);
  REQUIRE(n.status.message == "scaling.factor must be a number, got null");
  auto d = parse(R"({"rope_type":"yarn","factor":2})");
  REQUIRE(d.ok());
  auto e = inverse_frequencies(64, 10000, d.value);
  REQUIRE(e.status.message == "scaling.original_max_position_embeddings is required for this rope_type");
  auto f = inverse_frequencies(7, 10000, RopeScaling{});
  REQUIRE(f.status.message == "dim must be an even integer from 2 to 16384, got 7");
  auto g = inverse_frequencies(8, std::nan(""), RopeScaling{});
  REQUIRE(g.status.message == "base must be a finite number > 1, got NaN");
}

TEST_CASE("rope_from_config reads real config.json files") {
  SECTION("Llama 3.1 8B") {
    auto c = rope_from_config(R"({"hidden_size":4096,"num_attention_heads":32,"max_position_embeddings":131072,
      "rope_theta":500000.0,"rope_scaling":{"factor":8.0,"low_freq_factor":1.0,"high_freq_factor":4.0,
      "original_max_position_embeddings":8192,"rope_type":"llama3"}})");
    INFO(c.status.message);
    REQUIRE(c.ok());
    REQUIRE(c.value.head_dim == 128);
    REQUIRE(c.value.dim == 128);
    REQUIRE(c.value.base == 500000);
    REQUIRE(c.value.scaling.rope_type == "llama3");
    REQUIRE(c.value.freq.inv_freq.size() == 64);
  }
  SECTION("Qwen2.5 with YaRN (legacy 'type' key), original length falls back to nothing else") {
    auto c = rope_from_config(R"({"hidden_size":5120,"num_attention_heads":40,"max_position_embeddings":32768,
      "rope_theta":1000000.0,"rope_scaling":{"factor":4.0,"original_max_position_embeddings":32768,"type":"yarn"}})");
    REQUIRE(c.ok());
    REQUIRE(c.value.scaling.rope_type == "yarn");
    REQUIRE(c.value.scaling.factor == 4.0);  // the given factor is used (transformers#38224 fix)
    REQUIRE_THAT(c.value.freq.attention_factor, WithinRel(0.1 * std::log(4.0) + 1, 1e-14));
  }
  SECTION("partial rotary (GPT-NeoX rotary_pct, Phi partial_rotary_factor)") {
    auto c = rope_from_config(R"({"hidden_size":2560,"num_attention_heads":32,"rotary_pct":0.25,"rotary_emb_base":10000})");
    REQUIRE(c.ok());
    REQUIRE(c.value.head_dim == 80);
    REQUIRE(c.value.dim == 20);
    auto p = rope_from_config(R"({"hidden_size":2560,"num_attention_heads":32,"partial_rotary_factor":0.4,"rope_theta":10000})");
    REQUIRE(p.value.dim == 32);
  }
  SECTION("head_dim given explicitly wins over hidden_size / heads (Gemma)") {
    auto c = rope_from_config(R"({"hidden_size":2304,"num_attention_heads":8,"head_dim":256,"rope_theta":10000})");
    REQUIRE(c.value.head_dim == 256);
  }
  SECTION("text_config of multimodal models") {
    auto c = rope_from_config(R"({"text_config":{"hidden_size":4096,"num_attention_heads":32,"rope_theta":10000}})");
    REQUIRE(c.ok());
    REQUIRE(c.value.head_dim == 128);
    REQUIRE(c.value.warnings.size() == 1);
  }
  SECTION("unknown keys inside rope_scaling are warnings, not errors") {
    auto c = rope_from_config(R"({"head_dim":128,"rope_theta":10000,"rope_scaling":{"type":"default","mrope_section":[16,24,24]}})");
    REQUIRE(c.ok());
    REQUIRE(c.value.warnings.size() == 1);
  }
  SECTION("errors name the field") {
    REQUIRE(rope_from_config("[]").status.message == "config must be a JSON object, got array");
    REQUIRE(rope_from_config(R"({"rope_theta":10000})").status.message ==
            "config needs head_dim, or hidden_size and num_attention_heads");
    REQUIRE(rope_from_config(R"({"head_dim":"128"})").status.kind == ErrorKind::Type);
    REQUIRE(rope_from_config(R"({"head_dim":128,"rope_scaling":{"type":"su"}})").status.message.find("rope_type") !=
            std::string::npos);
    REQUIRE(rope_from_config("{oops").status.message.find("config: invalid JSON at line 1") == 0);
  }
}
