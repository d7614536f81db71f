// iRoPE (Llama 4; transformers' modeling_llama4.py): what is particular to it, recomputed from the
// model file: which blocks are NoPE (no_rope_layers[l] = int((l + 1) % interval != 0)), RoPE blocks turn
// q and k exactly as the rope encoding does, NoPE blocks leave k alone and multiply q by
// log1p(floor((p + 1)/floor_scale))·attn_scale + 1.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/lab.hpp"
#include "posenc/lab_encoding.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

ModelConfig model(Encoding e, int interval) {
  ModelConfig m;
  m.encoding = e;
  m.d_model = 16;
  m.n_heads = 2;
  m.n_layers = 8;
  m.irope_interval = interval;
  m.irope_floor_scale = 12;
  m.irope_attn_scale = 0.1;
  return m;
}

std::vector<double> run(Scheme<double>& s, int layer, int n, std::vector<double>* before = nullptr) {
  Rng rng(17);
  std::vector<double> qkv(static_cast<std::size_t>(n) * 48);
  for (auto& x : qkv) x = rng.normal();
  if (before) *before = qkv;
  std::vector<std::int32_t> pos(static_cast<std::size_t>(n));
  for (int p = 0; p < n; ++p) pos[static_cast<std::size_t>(p)] = p;
  s.tables(n);
  s.qk_forward(layer, AttentionDims{16, 2, n}, pos.data(), qkv.data());
  return qkv;
}

}  // namespace

TEST_CASE("lab irope: Llama 4's layer map; RoPE blocks turn as rope does, NoPE blocks scale q by the temperature") {
  const int n = 40;
  for (int interval : {2, 4}) {
    auto ir = make_scheme<double>(model(Encoding::Irope, interval));
    auto rope = make_scheme<double>(model(Encoding::Rope, interval));
    for (int layer = 0; layer < 8; ++layer) {
      const bool uses_rope = (layer + 1) % interval != 0;  // transformers: no_rope_layers[layer]
      INFO("interval " << interval << ", block " << layer);
      std::vector<double> x;
      const auto y = run(*ir, layer, n, &x);
      if (uses_rope) {
        const auto want = run(*rope, layer, n);
        REQUIRE(std::memcmp(y.data(), want.data(), y.size() * sizeof(double)) == 0);
        continue;
      }
      for (int p = 0; p < n; ++p) {
        const double tau = std::log1p(std::floor((p + 1.0) / 12)) * 0.1 + 1.0;
        for (int c = 0; c < 48; ++c) {
          const std::size_t i = static_cast<std::size_t>(p) * 48 + c;
          REQUIRE(y[i] == Approx(c < 16 ? x[i] * tau : x[i]).epsilon(1e-15));  // q scaled; k, v not
        }
      }
    }
  }
  // With floor_scale 12: positions 0 … 10 keep temperature 1, 11 … 22 get 1 + 0.1·ln 2, 23 … 34 1 + 0.1·ln 3.
  auto ir = make_scheme<double>(model(Encoding::Irope, 2));
  std::vector<double> x;
  const auto y = run(*ir, 1, n, &x);
  REQUIRE(y[10 * 48] == x[10 * 48]);
  REQUIRE(y[11 * 48] == Approx(x[11 * 48] * (1 + 0.1 * std::log(2.0))).epsilon(1e-15));
  REQUIRE(y[23 * 48] == Approx(x[23 * 48] * (1 + 0.1 * std::log(3.0))).epsilon(1e-15));
}

TEST_CASE("lab irope: the temperature's step defaults to the training length") {
  TrainConfig tc;
  tc.train_length = 12;
  ModelConfig m = model(Encoding::Irope, 2);
  m.irope_floor_scale = 0;
  REQUIRE(resolved(m, tc).irope_floor_scale == 12);
  m.irope_interval = 0;
  m.vocab = 50;
  REQUIRE(validate(m).message.rfind("irope_interval must be", 0) == 0);
}
