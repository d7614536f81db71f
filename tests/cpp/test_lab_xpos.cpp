// xPos (Sun et al. 2022, §3; torchscale's XPOS): what is particular to it, recomputed from the paper's
// formulas in float64: the scales ζ_i = (2i/d + 0.4)/1.4, the score q̃_m·k̃_n = Σ_i ζ_i^{(m−n)/B}·(the
// RoPE score of plane i), which does not depend on the centring of each sequence, and torchscale's
// centring itself (min_pos = −len//2). The generic gradient tests cover its backward pass.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/lab.hpp"
#include "posenc/lab_encoding.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

ModelConfig xpos_model(double base) {
  ModelConfig m;
  m.encoding = Encoding::Xpos;
  m.d_model = 8;
  m.n_heads = 2;  // d_h = 4: two planes
  m.rope_base = 100;
  m.xpos_scale_base = base;
  return m;
}

// q and k of one head (d_h = 4) turned by the scheme at the given positions; returns q̃_i·k̃_j.
double score(Scheme<double>& s, const std::vector<std::int32_t>& pos, int i, int j, const double* q, const double* k) {
  const int n = static_cast<int>(pos.size()), D = 8;
  std::vector<double> qkv(static_cast<std::size_t>(n) * 3 * D, 0.0);
  for (int c = 0; c < 4; ++c) {
    qkv[static_cast<std::size_t>(i) * 3 * D + c] = q[c];      // head 0's q at token i
    qkv[static_cast<std::size_t>(j) * 3 * D + D + c] = k[c];  // head 0's k at token j
  }
  s.qk_forward(0, AttentionDims{D, 2, n}, pos.data(), qkv.data());
  double dot = 0;
  for (int c = 0; c < 4; ++c) dot += qkv[static_cast<std::size_t>(i) * 3 * D + c] * qkv[static_cast<std::size_t>(j) * 3 * D + D + c];
  return dot;
}

}  // namespace

TEST_CASE("lab xpos: the score is the RoPE score of each plane times ζ_i^((m−n)/B), whatever the sequence") {
  const double B = 6, theta[2] = {1.0, 0.1};  // rope_base 100, d_h 4: θ_i = 100^(−2i/4)
  const double zeta[2] = {(0.0 + 0.4) / 1.4, (2.0 / 4 + 0.4) / 1.4};  // (2i/d_h + 0.4)/1.4
  const double q[4] = {0.3, -1.2, 0.8, 0.5}, k[4] = {-0.7, 0.4, 1.1, -0.2};
  auto scheme = make_scheme<double>(xpos_model(B));
  scheme->tables(64);
  for (int len : {12, 13, 40}) {  // different centres c = ⌈len/2⌉: the score must not move
    std::vector<std::int32_t> pos(static_cast<std::size_t>(len));
    for (int p = 0; p < len; ++p) pos[static_cast<std::size_t>(p)] = p;
    for (auto [m, n] : {std::pair{11, 3}, std::pair{7, 7}, std::pair{9, 0}}) {
      double want = 0;
      for (int i = 0; i < 2; ++i) {  // plane (interleaved: coordinates 2i, 2i + 1)
        const double phi = (n - m) * theta[i];
        const double qa = q[2 * i], qb = q[2 * i + 1], ka = k[2 * i], kb = k[2 * i + 1];
        want += std::pow(zeta[i], (m - n) / B) * ((qa * ka + qb * kb) * std::cos(phi) + (qb * ka - qa * kb) * std::sin(phi));
      }
      INFO("length " << len << ", m = " << m << ", n = " << n);
      REQUIRE(score(*scheme, pos, m, n, q, k) == Approx(want).epsilon(1e-13));
    }
  }
}

TEST_CASE("lab xpos: each factor as torchscale computes it (positions centred by −len//2)") {
  auto scheme = make_scheme<double>(xpos_model(6));
  scheme->tables(16);
  // Length 3: torchscale's min_pos = −(3)//2 = −2, so the exponents of positions 0, 1, 2 are −2, −1, 0.
  const std::vector<std::int32_t> pos = {0, 1, 2};
  const int D = 8;
  std::vector<double> qkv(3 * 3 * D, 0.0);
  qkv[0 * 3 * D + 0] = 1;      // q at position 0, plane 0, first coordinate
  qkv[1 * 3 * D + D + 2] = 1;  // k at position 1, plane 1, first coordinate
  scheme->qk_forward(0, AttentionDims{D, 2, 3}, pos.data(), qkv.data());
  const double z0 = 0.4 / 1.4, z1 = 0.9 / 1.4;
  // q at 0: ζ_0^{−2/6}·(cos 0, sin 0) = (ζ_0^{−1/3}, 0)
  REQUIRE(qkv[0] == Approx(std::pow(z0, -2.0 / 6)).epsilon(1e-14));
  REQUIRE(qkv[1] == Approx(0).margin(1e-15));
  // k at 1: ζ_1^{+1/6}·(cos 0.1, sin 0.1) (keys take the inverse scale, ζ^{−(−1)/6})
  REQUIRE(qkv[1 * 3 * D + D + 2] == Approx(std::pow(z1, 1.0 / 6) * std::cos(0.1)).epsilon(1e-14));
  REQUIRE(qkv[1 * 3 * D + D + 3] == Approx(std::pow(z1, 1.0 / 6) * std::sin(0.1)).epsilon(1e-14));
}

TEST_CASE("lab xpos: the scale base defaults to half the training length; past float32's reach it refuses") {
  TrainConfig t;
  t.train_length = 12;
  const ModelConfig m = resolved(xpos_model(0), t);
  REQUIRE(m.xpos_scale_base == 6);
  // ζ_0^{−⌈L/2⌉/B} ≤ 2^40: L ≤ 2·6·40·ln 2 / ln(1.4/0.4) = 265.6
  const int longest = unit(Encoding::Xpos).max_length(m);
  REQUIRE(longest == static_cast<int>(2 * 6 * 40 * std::log(2.0) / std::log(1.4 / 0.4)));
  REQUIRE(longest == 265);
  t.steps = 1;
  auto model = Model::create(m, t);
  REQUIRE(model.ok());
  REQUIRE(model.value.logits(std::vector<std::int32_t>(265, 2)).ok());
  const auto r = model.value.logits(std::vector<std::int32_t>(266, 2));
  REQUIRE(r.status.message == "beyond table: a sequence of 266 tokens needs positions up to 265, and this xpos model "
                              "encodes positions 0 to 264 only");
  ModelConfig bad = xpos_model(-1);
  bad.vocab = kVocab;
  REQUIRE(validate(bad).message.rfind("xpos_scale_base must be", 0) == 0);
}
