// The encodings since 2023 as functions of positions (posenc/recent_encodings.hpp), against float64
// references written here from the papers' formulas, and the lab's units against the same functions.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "posenc/frequencies.hpp"
#include "posenc/lab_encoding.hpp"
#include "posenc/recent_encodings.hpp"

using namespace posenc;

TEST_CASE("xpos_scale: ζ_i^(p/B), ζ_i = (2i/d + γ)/(1 + γ)") {
  const double pos[] = {0, 1, 7.5, -3, 1000};
  const auto m = xpos_scale(8, Positions::list(pos, 5), 512, 0.4).value;
  REQUIRE(m.rows() == 5);
  REQUIRE(m.cols() == 4);
  for (int r = 0; r < 5; ++r) {
    for (int i = 0; i < 4; ++i) {
      const double zeta = (i / 4.0 + 0.4) / 1.4;  // 2i/8 = i/4
      REQUIRE(m(r, i) == Approx(std::pow(zeta, pos[r] / 512)).epsilon(1e-14));
    }
  }
  REQUIRE(m(0, 0) == 1.0);
  REQUIRE_FALSE(xpos_scale(7, Positions::range(3), 512, 0.4).ok());
  REQUIRE(xpos_scale(8, Positions::range(3), 0, 0.4).status.message.rfind("scaleBase must be", 0) == 0);
}

TEST_CASE("p_rope_frequencies: RoPE's for the fastest ⌊p·d/2⌋ planes, 0 for the rest") {
  const auto f = p_rope_frequencies(16, 10000, 0.75).value;
  REQUIRE(f.size() == 8);
  for (int k = 0; k < 8; ++k) REQUIRE(f[k] == (k < 6 ? Approx(std::pow(10000.0, -2.0 * k / 16)).epsilon(1e-15) : Approx(0.0)));
  REQUIRE(p_rope_frequencies(16, 10000, 1).value == default_inv_freq(16, 10000));
  for (double v : p_rope_frequencies(16, 10000, 0).value) REQUIRE(v == 0.0);
  REQUIRE(p_rope_frequencies(16, 10000, 0.3).value[2] == 0.0);  // ⌊0.3·8⌋ = 2 planes
  REQUIRE_FALSE(p_rope_frequencies(16, 10000, 1.2).ok());
}

TEST_CASE("kerple_bias: −r1_h·log(1 + r2_h·|i − j|), causal zeros") {
  const std::vector<double> r1 = {1.5, 0.2}, r2 = {0.1, 3};
  REQUIRE(check_kerple(r1, r2, 6).ok());
  std::vector<float> out(2 * 6 * 6, 9.0f);
  kerple_bias(r1, r2, 6, true, out.data());
  for (int h = 0; h < 2; ++h) {
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 6; ++j) {
        const double want = j > i ? 0.0 : -r1[h] * std::log(1 + r2[h] * (i - j));
        REQUIRE(out[(h * 6 + i) * 6 + j] == Approx(want).epsilon(1e-6).margin(1e-7));
      }
    }
  }
  REQUIRE(check_kerple({1}, {0}, 4).message == "r2[0] must be a finite number > 0");
  REQUIRE(check_kerple({1, 2}, {1}, 4).message.rfind("r2 must have one value per head", 0) == 0);
}

TEST_CASE("fire_distance: ψ(i − j)/(ψ(max(i, L)) + 1e-6), ψ(x) = log(|c·x| + 1)") {
  const auto x = fire_distance(20, 0.1, 5).value;
  for (int i = 0; i < 20; ++i) {
    for (int j = 0; j < 20; ++j) {
      const double want = j > i ? 0.0 : std::log(0.1 * (i - j) + 1) / (std::log(0.1 * std::max(i, 5) + 1) + 1e-6);
      REQUIRE(x(i, j) == Approx(want).epsilon(1e-14).margin(1e-300));
    }
  }
  // progressive interpolation: past the threshold the farthest key (j = 0) maps to ≈ 1
  REQUIRE(x(19, 0) == Approx(1).epsilon(1e-5));
  REQUIRE(x(3, 0) < 1);  // below the threshold the normalizer is ψ(L)
}

TEST_CASE("Llama 4: no_rope_layers and the attention temperature, as transformers computes them") {
  const auto layers = no_rope_layers(48, 4).value;  // Llama 4 Scout: 48 layers, interval 4
  for (int l = 0; l < 48; ++l) REQUIRE(layers[l] == ((l + 1) % 4 != 0 ? 1 : 0));
  REQUIRE(layers[3] == 0);
  const auto t = llama4_attention_scale({0, 8190, 8191, 16383, 100000}, 8192, 0.1).value;
  REQUIRE(t[0] == 1.0);
  REQUIRE(t[1] == 1.0);
  REQUIRE(t[2] == Approx(1 + 0.1 * std::log(2.0)).epsilon(1e-15));
  REQUIRE(t[3] == Approx(1 + 0.1 * std::log(3.0)).epsilon(1e-15));
  REQUIRE(t[4] == Approx(1 + 0.1 * std::log(1 + std::floor(100001.0 / 8192))).epsilon(1e-15));
  REQUIRE_FALSE(llama4_attention_scale({-1}, 8192, 0.1).ok());
}

TEST_CASE("the lab's units and these functions agree (Kerple's bias, iRoPE's temperature, p-RoPE's planes)") {
  using namespace posenc::lab;
  ModelConfig m;
  m.d_model = 16;
  m.n_heads = 2;
  m.encoding = Encoding::Kerple;
  std::vector<double> r1 = {1.5, 0.3}, r2 = {0.2, 2.0}, g1(2), g2(2);
  auto k = make_scheme<double>(m);
  k->bind([&](const std::string& n) { return n == "kerple.r1" ? r1.data() : r2.data(); },
          [&](const std::string& n) { return n == "kerple.r1" ? g1.data() : g2.data(); });
  std::vector<float> want(2 * 10 * 10);
  kerple_bias(r1, r2, 10, true, want.data());
  std::vector<std::int32_t> pos(10);
  for (int p = 0; p < 10; ++p) pos[p] = p;
  std::vector<double> row(10);
  for (int h = 0; h < 2; ++h) {
    k->bias_row(0, h, 9, pos.data(), ScoreRow<double>{}, row.data());
    for (int j = 0; j < 10; ++j) REQUIRE(row[j] == Approx(want[(h * 10 + 9) * 10 + j]).epsilon(1e-6));
  }
  // iRoPE's NoPE block scales q by Llama 4's temperature (floor scale 12): compare at 40 positions.
  m.encoding = Encoding::Irope;
  m.irope_floor_scale = 12;
  auto ir = make_scheme<double>(m);
  ir->tables(40);
  std::vector<double> qkv(40 * 48, 1.0), positions(40);
  std::vector<std::int32_t> p40(40);
  for (int p = 0; p < 40; ++p) p40[p] = p, positions[p] = p;
  ir->qk_forward(1, AttentionDims{16, 2, 40}, p40.data(), qkv.data());
  const auto tau = llama4_attention_scale(positions, 12, 0.1).value;
  for (int p = 0; p < 40; ++p) REQUIRE(qkv[p * 48] == Approx(tau[p]).epsilon(1e-15));
  // p-RoPE's unit turns exactly the planes p_rope_frequencies gives a frequency.
  const auto f = p_rope_frequencies(8, 10000, 0.75).value;
  m.encoding = Encoding::PRope;
  auto pr = make_scheme<double>(m);
  pr->tables(5);
  std::vector<double> x(5 * 48, 0.0);
  for (int h = 0; h < 2; ++h) x[4 * 48 + h * 8 + 0] = x[4 * 48 + h * 8 + 2] = x[4 * 48 + h * 8 + 4] = x[4 * 48 + h * 8 + 6] = 1;
  std::vector<std::int32_t> p5 = {0, 1, 2, 3, 4};
  pr->qk_forward(0, AttentionDims{16, 2, 5}, p5.data(), x.data());
  for (int i = 0; i < 4; ++i) REQUIRE(x[4 * 48 + 2 * i] == Approx(std::cos(4 * f[i])).epsilon(1e-15));
}
