// Kerple, log variant (Chi et al. 2022 §3; ParallelKerpleLog): what is particular to it, recomputed in
// float64: the bias −r1·log(1 + r2·(i − j)) with both parameters clamped at 0.01 as the authors' code
// clamps them, one pair per head shared by every block, and the initialisation U(0, 2), U(0, 1) drawn
// right after the token embedding.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/lab.hpp"
#include "posenc/lab_network.hpp"
#include "posenc/lab_tasks.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

ModelConfig kerple_model() {
  ModelConfig m;
  m.encoding = Encoding::Kerple;
  m.vocab = kVocab;
  m.d_model = 8;
  m.n_heads = 2;
  m.n_layers = 2;
  m.d_mlp = 12;
  return m;
}

}  // namespace

TEST_CASE("lab kerple: the bias is −r1·log(1 + r2·(i − j)), each parameter clamped at 0.01") {
  std::map<std::string, std::vector<double>> t = {{"kerple.r1", {1.3, 0.004}}, {"kerple.r2", {0.05, 2.5}}},
                                             g = {{"kerple.r1", {0, 0}}, {"kerple.r2", {0, 0}}};
  auto s = make_scheme<double>(kerple_model());
  s->bind([&](const std::string& k) { return t.at(k).data(); }, [&](const std::string& k) { return g.at(k).data(); });
  const std::vector<std::int32_t> pos = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  std::vector<double> bias(12);
  for (int layer : {0, 1}) {  // the same bias in every block
    s->bias_row(layer, 0, 11, pos.data(), ScoreRow<double>{}, bias.data());
    for (int j = 0; j <= 11; ++j) REQUIRE(bias[j] == Approx(-1.3 * std::log(1 + 0.05 * (11 - j))).epsilon(1e-15).margin(1e-300));
    // head 1: r1 = 0.004 is below the clamp, so 0.01 is used
    s->bias_row(layer, 1, 11, pos.data(), ScoreRow<double>{}, bias.data());
    for (int j = 0; j <= 11; ++j) REQUIRE(bias[j] == Approx(-0.01 * std::log(1 + 2.5 * (11 - j))).epsilon(1e-15).margin(1e-300));
  }
  // At distance 0 the bias is 0; it falls like a logarithm (ALiBi's falls linearly).
  REQUIRE(bias[11] == 0.0);
  // A clamped parameter gets no gradient; the other does.
  std::vector<double> ds(12, 1.0);
  s->bias_row_backward(0, 1, 11, pos.data(), ScoreRow<double>{}, ds.data(), nullptr);
  REQUIRE(g["kerple.r1"][1] == 0.0);
  double want = 0;
  for (int d = 0; d <= 11; ++d) want -= 0.01 * d / (1 + 2.5 * d);
  REQUIRE(g["kerple.r2"][1] == Approx(want).epsilon(1e-14));
}

TEST_CASE("lab kerple: r1 ~ U(0, 2), r2 ~ U(0, 1), drawn after the token embedding, one pair per head") {
  Network<double> net(kerple_model());
  net.initialize(5, 0.1, 1.0);
  const auto& layout = net.layout();
  REQUIRE(layout[1].name == "kerple.r1");
  REQUIRE(layout[1].shape == std::vector<int>{2});
  REQUIRE(layout[2].name == "kerple.r2");
  REQUIRE(layout[3].name == "blocks.0.ln1.weight");  // no per-block copies
  Rng rng(5);
  for (int i = 0; i < kVocab * 8; ++i) rng.normal();  // tok_emb.weight
  const double r1a = 2 * rng.uniform(), r1b = 2 * rng.uniform(), r2a = rng.uniform(), r2b = rng.uniform();
  const double* p = net.params().data();
  REQUIRE(p[layout[1].offset] == r1a);
  REQUIRE(p[layout[1].offset + 1] == r1b);
  REQUIRE(p[layout[2].offset] == r2a);
  REQUIRE(p[layout[2].offset + 1] == r2b);
  // and the next tensor's draws follow: ln1 is 1, the qkv weights N(0, 0.1²) from the same stream
  REQUIRE(p[layout[5].offset] == Approx(rng.normal() * 0.1).epsilon(1e-15));
}

TEST_CASE("lab kerple: the bias curve a model reports is the formula of its own parameters; ALiBi's its slopes; RoPE's 0") {
  TrainConfig tc;
  tc.steps = 1;
  ModelConfig m = kerple_model();
  m.vocab = 0;
  auto model = Model::create(m, tc).value;
  const auto curve = model.bias_curves(20).value;  // [layers, heads, 20]: query 19 against keys 0 … 19
  REQUIRE(curve.size() == 2u * 2 * 20);
  const auto tensors = model.tensors();
  for (int l = 0; l < 2; ++l) {
    for (int h = 0; h < 2; ++h) {
      const double r1 = std::max(double(tensors[1].data[h]), 0.01), r2 = std::max(double(tensors[2].data[h]), 0.01);
      for (int j = 0; j < 20; ++j) REQUIRE(curve[(l * 2 + h) * 20 + j] == Approx(-r1 * std::log1p(r2 * (19 - j))).epsilon(1e-6));
    }
  }
  m.encoding = Encoding::Alibi;
  const auto alibi = Model::create(m, tc).value.bias_curves(20).value;
  for (int j = 0; j < 20; ++j) REQUIRE(alibi[j] == Approx(-(19 - j) / 16.0).epsilon(1e-6));  // slope 2^(−8·1/2) = 1/16
  m.encoding = Encoding::Rope;
  for (float v : Model::create(m, tc).value.bias_curves(20).value) REQUIRE(v == 0.0f);
  REQUIRE_FALSE(model.bias_curves(0).ok());
}
