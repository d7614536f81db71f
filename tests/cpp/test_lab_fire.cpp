// FIRE (Li et al., ICLR 2024): what is particular to it, recomputed in float64 from the paper's
// formula: the bias f_θ(ψ(i − j)/(ψ(max(i, L)) + ε)) with ψ(x) = log(|c·x| + 1), the threshold
// L = |L_mult·L0|, Kerple's log bias as a special case (the paper shows FIRE can represent it: one hidden unit and a
// threshold past every position), and the initialisation (nn.Linear's U(±1/√fan_in), c = 0.1, L_mult = 1).
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/lab_network.hpp"
#include "posenc/lab_tasks.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

ModelConfig fire_model(int width, double threshold) {
  ModelConfig m;
  m.encoding = Encoding::Fire;
  m.vocab = kVocab;
  m.d_model = 8;
  m.n_heads = 2;
  m.n_layers = 2;
  m.d_mlp = 12;
  m.fire_mlp_width = width;
  m.fire_threshold = threshold;
  return m;
}

using NamedArrays = std::map<std::string, std::vector<double>>;

std::unique_ptr<Scheme<double>> bound(const ModelConfig& m, NamedArrays& t, NamedArrays& g) {
  auto s = make_scheme<double>(m);
  s->bind([&](const std::string& k) { return t.at(k).data(); }, [&](const std::string& k) { return g.at(k).data(); });
  return s;
}

}  // namespace

TEST_CASE("lab fire: the bias is the MLP of the log-transformed, thresholded distance") {
  const ModelConfig m = fire_model(3, 4.0);
  NamedArrays t, g;
  Rng rng(11);
  for (int l = 0; l < 2; ++l) {
    const std::string p = "fire." + std::to_string(l) + ".";
    for (auto [name, n] : {std::pair{"mlp.fc.weight", 3}, {"mlp.fc.bias", 3}, {"mlp.proj.weight", 6}, {"mlp.proj.bias", 2}}) {
      for (int k = 0; k < n; ++k) t[p + name].push_back(rng.normal());
    }
    t[p + "c"] = {0.3 + l};
    t[p + "l_multiplier"] = {-1.5};  // L = |−1.5·4| = 6
  }
  for (auto& [k, v] : t) g[k].assign(v.size(), 0.0);
  auto s = bound(m, t, g);
  const std::vector<std::int32_t> pos = {0, 2, 3, 5, 9, 10, 14};  // positions need not be consecutive
  std::vector<double> bias(pos.size());
  for (int l = 0; l < 2; ++l) {
    const std::string p = "fire." + std::to_string(l) + ".";
    const double c = t[p + "c"][0];
    const auto psi = [&](double x) { return std::log(std::fabs(c * x) + 1); };
    for (int h = 0; h < 2; ++h) {
      for (int i = 0; i < 7; ++i) {
        s->bias_row(l, h, i, pos.data(), ScoreRow<double>{}, bias.data());
        for (int j = 0; j <= i; ++j) {
          const double x = psi(pos[i] - pos[j]) / (psi(std::max<double>(pos[i], 6.0)) + 1e-6);
          double want = t[p + "mlp.proj.bias"][h];
          for (int w = 0; w < 3; ++w) want += std::max(0.0, x * t[p + "mlp.fc.weight"][w] + t[p + "mlp.fc.bias"][w]) * t[p + "mlp.proj.weight"][w * 2 + h];
          INFO("block " << l << " head " << h << " i " << i << " j " << j);
          REQUIRE(bias[j] == Approx(want).epsilon(1e-14).margin(1e-15));
        }
      }
    }
  }
}

TEST_CASE("lab fire: with one unit and a threshold past every position it is Kerple's log bias") {
  // ReLU(x) · (−r1·ψ(L)): x = ψ(i − j)/ψ(L) ≥ 0, so the bias is −r1·log(1 + c·(i − j)): Kerple with r2 = c.
  const double r1 = 0.8, c = 0.05, L = 1000;
  const double psiL = std::log(c * L + 1) + 1e-6;
  NamedArrays t, g;
  for (int l = 0; l < 2; ++l) {
    const std::string p = "fire." + std::to_string(l) + ".";
    t[p + "mlp.fc.weight"] = {1};
    t[p + "mlp.fc.bias"] = {0};
    t[p + "mlp.proj.weight"] = {-r1 * psiL, -r1 * psiL};
    t[p + "mlp.proj.bias"] = {0, 0};
    t[p + "c"] = {c};
    t[p + "l_multiplier"] = {1};
  }
  for (auto& [k, v] : t) g[k].assign(v.size(), 0.0);
  auto s = bound(fire_model(1, L), t, g);
  std::vector<std::int32_t> pos(40);
  for (int p = 0; p < 40; ++p) pos[static_cast<std::size_t>(p)] = p;
  std::vector<double> bias(40);
  s->bias_row(1, 0, 39, pos.data(), ScoreRow<double>{}, bias.data());
  for (int j = 0; j <= 39; ++j) REQUIRE(bias[j] == Approx(-r1 * std::log(1 + c * (39 - j))).epsilon(1e-12).margin(1e-15));
}

TEST_CASE("lab fire: each block's MLP starts as nn.Linear, c at 0.1 and L_mult at 1; L0 defaults to L_train/4") {
  Network<double> net(fire_model(32, 3));
  net.initialize(21, 0.1, 1.0);
  const auto& layout = net.layout();
  const std::vector<std::string> want = {"fire.0.mlp.fc.weight", "fire.0.mlp.fc.bias", "fire.0.mlp.proj.weight",
                                         "fire.0.mlp.proj.bias", "fire.0.c", "fire.0.l_multiplier", "fire.1.mlp.fc.weight"};
  for (std::size_t k = 0; k < want.size(); ++k) REQUIRE(layout[k + 1].name == want[k]);
  REQUIRE(layout[3].shape == std::vector<int>{32, 2});
  Rng rng(21);
  for (int i = 0; i < kVocab * 8; ++i) rng.normal();  // tok_emb.weight
  const double* p = net.params().data();
  for (int i = 0; i < 32; ++i) REQUIRE(p[layout[1].offset + i] == -1 + 2 * rng.uniform());  // U(−1, 1): fan_in 1
  for (int i = 0; i < 32; ++i) REQUIRE(p[layout[2].offset + i] == -1 + 2 * rng.uniform());
  const double b = 1 / std::sqrt(32.0);                                                       // fan_in 32
  for (int i = 0; i < 64; ++i) REQUIRE(p[layout[3].offset + i] == -b + 2 * b * rng.uniform());
  for (int i = 0; i < 2; ++i) REQUIRE(p[layout[4].offset + i] == -b + 2 * b * rng.uniform());
  REQUIRE(p[layout[5].offset] == 0.1);
  REQUIRE(p[layout[6].offset] == 1.0);
  TrainConfig tc;
  tc.train_length = 12;
  REQUIRE(resolved(fire_model(32, 0), tc).fire_threshold == 3);
}
