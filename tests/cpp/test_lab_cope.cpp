// CoPE (Golovneva et al. 2024, §3; the authors' ContextPosSelfAttn): what is particular to it,
// recomputed in float64 from the paper's formulas: positions are counts of gates σ(q_i·k_t/√d_h) from
// the key to the query (so a query can address "the 2nd gated token back" whatever the token distance),
// interpolated between integer positions, clamped at P − 1; gradients through the clamp against finite
// differences; the embeddings start at 0 and P defaults to L_train + 1.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/lab.hpp"
#include "posenc/lab_attention.hpp"
#include "posenc/lab_network.hpp"
#include "posenc/lab_tasks.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

ModelConfig cope_model(int npos) {
  ModelConfig m;
  m.encoding = Encoding::Cope;
  m.vocab = kVocab;
  m.d_model = 8;
  m.n_heads = 2;  // d_h = 4
  m.n_layers = 2;
  m.d_mlp = 12;
  m.cope_npos = npos;
  return m;
}

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

}  // namespace

TEST_CASE("lab cope: positions are counts of the gates from key to query, interpolated, clamped at P − 1") {
  const int P = 6, n = 10;
  std::vector<double> e0(4 * P, 0.0), e1(4 * P, 0.0), g0(4 * P, 0.0), g1(4 * P, 0.0);
  for (int c = 0; c < P; ++c) {
    e0[0 * P + c] = c;      // q = (1, 0, 0, 0): q·e[c] = c, a linear position logit
    e1[1 * P + c] = c * c;  // q = (0, 1, 0, 0): q·e[c] = c², to see the interpolation
  }
  std::map<std::string, double*> t = {{"cope.0.pos_emb", e0.data()}, {"cope.1.pos_emb", e1.data()}},
                                 g = {{"cope.0.pos_emb", g0.data()}, {"cope.1.pos_emb", g1.data()}};
  auto s = make_scheme<double>(cope_model(P));
  s->bind([&](const std::string& k) { return t.at(k); }, [&](const std::string& k) { return g.at(k); });
  s->tables(n);
  const double scale = 0.5;  // 1/√4
  // Scores of query 9 against keys 0 … 9: "on" tokens (gate ≈ 1) at 2, 5, 6, 9, the rest off.
  std::vector<double> scores(n);
  for (int t2 = 0; t2 < n; ++t2) scores[t2] = (t2 == 2 || t2 == 5 || t2 == 6 || t2 == 9) ? 30.0 : -30.0;
  std::vector<double> bias(n);
  const double q_lin[4] = {1, 0, 0, 0}, q_sq[4] = {0, 1, 0, 0};
  s->bias_row(0, 0, n - 1, nullptr, ScoreRow<double>{q_lin, nullptr, 0, 4, scale, scores.data()}, bias.data());
  for (int j = 0; j < n; ++j) {
    double count = 0;  // Σ_{t=j..9} σ(s_t), then the clamp at P − 1 = 5
    for (int t2 = j; t2 < n; ++t2) count += sigmoid(scores[t2]);
    INFO("key " << j);
    REQUIRE(bias[j] == Approx(std::min(count, 5.0) * scale).epsilon(1e-14));
  }
  // Key 6 is the 2nd gated token back from 9, key 2 the 4th: counts 2 and 4, whatever their distance.
  REQUIRE(bias[6] / scale == Approx(2).epsilon(1e-12));
  REQUIRE(bias[3] / scale == Approx(3).epsilon(1e-12));
  REQUIRE(bias[2] / scale == Approx(4).epsilon(1e-12));
  // Fractional counts interpolate q·e linearly between integers: with q·e[c] = c², a count of 1.5 gives 2.5.
  for (int t2 = 0; t2 < n; ++t2) scores[t2] = t2 >= 8 ? std::log(3.0) : -30.0;  // σ(ln 3) = 0.75 at keys 8, 9
  s->bias_row(1, 0, n - 1, nullptr, ScoreRow<double>{q_sq, nullptr, 0, 4, scale, scores.data()}, bias.data());
  const double c8 = 0.75 + 0.75 + 8 * sigmoid(-30.0);
  REQUIRE(bias[8] / scale == Approx(0.5 * 1 + 0.5 * 4).epsilon(1e-9));  // count ≈ 1.5
  REQUIRE(bias[0] / scale == Approx((1 - (c8 - 1)) * 1 + (c8 - 1) * 4).epsilon(1e-12));
}

TEST_CASE("lab cope: gradients through the gates, the interpolation and the clamp (float64 differences)") {
  const int D = 8, H = 2, n = 9, P = 4;  // P = 4: most counts of a 9-token row are clamped at 3
  Rng rng(31);
  std::vector<double> qkv(static_cast<std::size_t>(n) * 3 * D), w(static_cast<std::size_t>(n) * D);
  for (auto& x : qkv) x = rng.normal() * 1.5;
  for (auto& x : w) x = rng.normal();
  std::map<std::string, std::vector<double>> t, g;
  for (const char* k : {"cope.0.pos_emb", "cope.1.pos_emb"}) {
    for (int i = 0; i < 4 * P; ++i) t[k].push_back(rng.normal());
    g[k].assign(4 * P, 0.0);
  }
  auto s = make_scheme<double>(cope_model(P));
  s->bind([&](const std::string& k) { return t.at(k).data(); }, [&](const std::string& k) { return g.at(k).data(); });
  s->tables(n);
  std::vector<std::int32_t> pos(n);
  std::vector<double> work, probs(H * n * n), out(n * D), dqkv(qkv.size()), scratch(n * n), bias(n);
  const AttentionDims dims{D, H, n};
  auto loss = [&] {
    work = qkv;
    attention_forward(dims, *s, 1, pos.data(), work.data(), probs.data(), out.data(), bias.data());
    double sum = 0;
    for (std::size_t i = 0; i < out.size(); ++i) sum += w[i] * out[i];
    return sum;
  };
  loss();
  attention_backward(dims, *s, 1, pos.data(), work.data(), probs.data(), w.data(), dqkv.data(), scratch.data());
  auto fd = [&](double* x, std::size_t size, const double* analytic) {
    double num = 0, den = 0;
    for (std::size_t i = 0; i < size; ++i) {
      const double keep = x[i];
      x[i] = keep + 1e-6;
      const double up = loss();
      x[i] = keep - 1e-6;
      const double down = loss();
      x[i] = keep;
      const double d = (up - down) / 2e-6;
      num += (d - analytic[i]) * (d - analytic[i]);
      den += d * d;
    }
    return std::sqrt(num / den);
  };
  CHECK(fd(qkv.data(), qkv.size(), dqkv.data()) <= 1e-6);
  CHECK(fd(t["cope.1.pos_emb"].data(), 4 * P, g["cope.1.pos_emb"].data()) <= 1e-6);
  for (double v : g["cope.0.pos_emb"]) REQUIRE(v == 0.0);  // block 0's embeddings were not used
}

TEST_CASE("lab cope: embeddings start at 0, one [d_h, P] table per block; P defaults to L_train + 1") {
  TrainConfig tc;
  tc.train_length = 12;
  const ModelConfig m = resolved(cope_model(0), tc);
  REQUIRE(m.cope_npos == 13);
  Network<double> net(m);
  net.initialize(3, 0.1, 1.0);
  REQUIRE(net.layout()[1].name == "cope.0.pos_emb");
  REQUIRE(net.layout()[1].shape == std::vector<int>{4, 13});
  REQUIRE(net.layout()[2].name == "cope.1.pos_emb");
  for (std::size_t i = 0; i < 2 * 4 * 13; ++i) REQUIRE(net.params()[net.layout()[1].offset + i] == 0.0);
}

TEST_CASE("lab cope: a model reports the positions it counted, recounted from its own q and k") {
  TrainConfig tc;
  tc.task = "flipflop";
  tc.train_length = 12;
  tc.seed = 4;
  ModelConfig m = cope_model(0);
  m.d_model = 16;
  auto model = Model::create(m, tc);
  REQUIRE(model.ok());
  const std::vector<std::int32_t> tokens = {0, 18, 2, 19, 3, 19, 2, 18, 3, 20, 3};
  const auto counts = model.value.counted_positions(tokens).value;
  const int n = 11, H = 2, dh = 8, D = 16;
  REQUIRE(counts.size() == std::size_t(2) * H * n * n);
  for (int l = 0; l < 2; ++l) {
    const float* qkv = model.value.network().qkv(l);
    for (int h = 0; h < H; ++h) {
      for (int i = 0; i < n; ++i) {
        double sum = 0;
        for (int j = i; j >= 0; --j) {  // Σ_{t=j..i} σ(q_i·k_t/√d_h), clamped at P − 1 = 12
          double s = 0;
          for (int c = 0; c < dh; ++c) s += double(qkv[i * 3 * D + h * dh + c]) * qkv[j * 3 * D + D + h * dh + c];
          sum += sigmoid(s / std::sqrt(8.0));
          REQUIRE(counts[((l * H + h) * n + i) * n + j] == Approx(std::min(sum, 12.0)).epsilon(1e-5));
        }
        for (int j = i + 1; j < n; ++j) REQUIRE(counts[((l * H + h) * n + i) * n + j] == 0.0f);
      }
    }
  }
  ModelConfig r = cope_model(0);
  r.encoding = Encoding::Rope;
  REQUIRE(Model::create(r, tc).value.counted_positions(tokens).status.message.find("counts no positions") != std::string::npos);
  REQUIRE(model.value.bias_curves(12).status.message.find("no bias that depends on positions alone") != std::string::npos);
}
