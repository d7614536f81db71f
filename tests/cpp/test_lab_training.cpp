// The lab's optimizer, clipping, schedule, determinism, short training runs on every task,
// evaluation against an independent recount, the learned table's "beyond table", RoPE stretching,
// and rebuilding a model from its named tensors.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "posenc/frequencies.hpp"
#include "posenc/lab.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

// Small and quick: the behaviour under test does not depend on size.
ModelConfig small_model(Encoding e) {
  ModelConfig m;
  m.encoding = e;
  m.d_model = 16;
  m.n_heads = 2;
  m.n_layers = 2;
  m.d_mlp = 32;
  m.t5_num_buckets = 8;
  m.t5_max_distance = 12;
  return m;
}

TrainConfig small_train(const char* task, int steps) {
  TrainConfig t;
  t.task = task;
  t.train_length = 12;
  t.batch_size = 8;
  t.steps = steps;
  t.warmup_steps = 5;
  t.lr = 1e-2;
  return t;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

}  // namespace

TEST_CASE("lab AdamW: two steps against the update computed by hand") {
  // One decayed tensor and one not; values chosen so the arithmetic is easy to follow.
  std::vector<TensorSpec> layout = {{"w", {2}, 0, 2, true, Init::Zero}, {"b", {1}, 2, 1, false, Init::Zero}};
  std::vector<double> p = {1.0, -2.0, 0.5};
  const std::vector<double> g1 = {0.5, 0.1, -0.3}, g2 = {-0.2, 0.4, 0.6};
  const AdamWSettings s{0.9, 0.999, 1e-8, 0.01};
  const double lr = 0.1;
  AdamWState<double> st;
  adamw_step(s, lr, layout, p.data(), g1.data(), st);
  adamw_step(s, lr, layout, p.data(), g2.data(), st);
  // By hand: θ ← θ − lr·λ·θ (decayed only), m, v as exponential averages, bias-corrected m̂, v̂,
  // θ ← θ − lr·m̂/(√v̂ + ε).
  std::vector<double> want = {1.0, -2.0, 0.5};
  const bool decay[3] = {true, true, false};
  for (int i = 0; i < 3; ++i) {
    double m = 0, v = 0;
    const double g[2] = {g1[i], g2[i]};
    for (int t = 1; t <= 2; ++t) {
      if (decay[i]) want[i] -= lr * 0.01 * want[i];
      m = 0.9 * m + 0.1 * g[t - 1];
      v = 0.999 * v + 0.001 * g[t - 1] * g[t - 1];
      const double mh = m / (1 - std::pow(0.9, t)), vh = v / (1 - std::pow(0.999, t));
      want[i] -= lr * mh / (std::sqrt(vh) + 1e-8);
    }
    REQUIRE(p[i] == Approx(want[i]).epsilon(1e-13));
  }
  // The first step of Adam moves each weight by lr·sign(g) (up to ε): a check of the check.
  std::vector<double> q = {0.0};
  AdamWState<double> st2;
  const std::vector<TensorSpec> one = {{"x", {1}, 0, 1, false, Init::Zero}};
  const double g = 3.0;
  adamw_step(s, lr, one, q.data(), &g, st2);
  REQUIRE(q[0] == Approx(-0.1).epsilon(1e-8));
  REQUIRE(st2.step == 1);
}

TEST_CASE("lab clipping: global norm, scaled only when above the limit") {
  std::vector<float> g = {3, 0, -4, 0};
  REQUIRE(clip_grad_norm(g.data(), g.size(), 10.0) == Approx(5.0));
  REQUIRE(g == std::vector<float>{3, 0, -4, 0});
  REQUIRE(clip_grad_norm(g.data(), g.size(), 1.0) == Approx(5.0));
  const double c = 1.0 / (5.0 + 1e-6);
  REQUIRE(g[0] == Approx(3 * c).epsilon(1e-6));
  REQUIRE(g[2] == Approx(-4 * c).epsilon(1e-6));
  double n2 = 0;
  for (float x : g) n2 += double(x) * x;
  REQUIRE(std::sqrt(n2) == Approx(1.0).epsilon(1e-5));
  std::vector<float> h = {3, 4};
  clip_grad_norm(h.data(), h.size(), 0.0);  // 0: off
  REQUIRE(h == std::vector<float>{3, 4});
}

TEST_CASE("lab schedule: linear warm-up, cosine to the final fraction") {
  TrainConfig t;
  t.lr = 1e-3;
  t.warmup_steps = 10;
  t.steps = 110;
  t.final_lr_fraction = 0.1;
  REQUIRE(learning_rate(t, 0) == Approx(1e-4));
  REQUIRE(learning_rate(t, 9) == Approx(1e-3));
  REQUIRE(learning_rate(t, 10) == Approx(1e-3));
  REQUIRE(learning_rate(t, 109) == Approx(1e-4));
  // halfway through the cosine: the mean of the two ends
  REQUIRE(learning_rate(t, 10 + 99 / 2) == Approx(0.55e-3).epsilon(0.02));
  for (int s = 11; s < 110; ++s) REQUIRE(learning_rate(t, s) <= learning_rate(t, s - 1));
}

TEST_CASE("lab determinism: the same seed gives bit-identical weights and logits, another seed does not") {
  for (auto e : {Encoding::Rope, Encoding::T5, Encoding::Learned}) {
    auto a = Trainer::create(small_model(e), small_train("recall", 6));
    auto b = Trainer::create(small_model(e), small_train("recall", 6));
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    while (!a.value.done()) a.value.step();
    while (!b.value.done()) b.value.step();
    REQUIRE(same_bits(a.value.model().network().params(), b.value.model().network().params()));
    const std::vector<std::int32_t> tokens = {0, 20, 3, 21, 5, 1, 20};
    REQUIRE(same_bits(a.value.model().logits(tokens).value, b.value.model().logits(tokens).value));
    auto tc = small_train("recall", 6);
    tc.seed = 2;
    auto c = Trainer::create(small_model(e), tc);
    while (!c.value.done()) c.value.step();
    REQUIRE_FALSE(same_bits(a.value.model().network().params(), c.value.model().network().params()));
  }
}

TEST_CASE("lab training lowers the loss on every task, with every encoding") {
  for (const auto& task : task_names()) {
    for (const auto& enc : encoding_names()) {
      INFO(task << " / " << enc);
      auto t = Trainer::create(small_model(parse_encoding(enc).value), small_train(task.c_str(), 60));
      REQUIRE(t.ok());
      double first = 0, last = 0;
      for (int s = 0; s < 60; ++s) {
        const double loss = t.value.step();
        REQUIRE(std::isfinite(loss));
        if (s < 10) first += loss / 10;
        if (s >= 50) last += loss / 10;
      }
      // From chance (ln 50 ≈ 3.9 at the start) down by a clear margin within 60 steps.
      CHECK(last < first - 0.5);
    }
  }
}

TEST_CASE("lab evaluation: accuracies agree with a recount from logits() on the same sequences") {
  auto t = Trainer::create(small_model(Encoding::Rope), small_train("offset", 40));
  while (!t.value.done()) t.value.step();
  Model& m = t.value.model();
  EvalOptions o;
  o.lengths = {12, 17};
  o.sequences = 13;  // not a multiple of anything the evaluator batches by
  o.seed = 77;
  const auto rows = m.evaluate(o);
  REQUIRE(rows.ok());
  for (std::size_t k = 0; k < o.lengths.size(); ++k) {
    const int len = o.lengths[k];
    Rng rng(o.seed ^ (static_cast<std::uint64_t>(len) * 0x9E3779B97F4A7C15ull));
    long correct = 0, scored = 0, perfect = 0;
    for (int s = 0; s < o.sequences; ++s) {
      std::vector<std::int32_t> tokens, targets;
      std::vector<int> starts;
      sample_batch(Task::Offset, 1, len, len, rng, tokens, targets, starts);
      tokens.resize(len);
      const auto z = m.logits(tokens).value;
      bool all = true;
      for (int p = 0; p < len; ++p) {
        if (targets[p] < 0) continue;
        int best = 0;
        for (int v = 1; v < kVocab; ++v) best = z[p * kVocab + v] > z[p * kVocab + best] ? v : best;
        ++scored;
        correct += best == targets[p];
        all = all && best == targets[p];
      }
      perfect += all;
    }
    REQUIRE(rows.value[k].scored == scored);
    REQUIRE(rows.value[k].token_accuracy == Approx(double(correct) / scored).epsilon(1e-12));
    REQUIRE(rows.value[k].sequence_accuracy == Approx(double(perfect) / o.sequences).epsilon(1e-12));
  }
}

TEST_CASE("lab batching: a sequence's logits do not depend on the sequences packed beside it") {
  for (auto e : {Encoding::None, Encoding::Sinusoidal, Encoding::Learned, Encoding::T5, Encoding::Alibi, Encoding::Rope}) {
    auto m = Model::create(small_model(e), small_train("copy", 1));
    REQUIRE(m.ok());
    Network<float>& net = m.value.network();
    const std::vector<std::int32_t> a = {0, 3, 4, 5, 1, 3, 4}, b = {0, 7, 8, 9, 10, 11, 1, 7, 8, 9};
    std::vector<std::int32_t> packed = b;
    packed.insert(packed.end(), a.begin(), a.end());
    const int starts[3] = {0, 10, 17};
    net.reserve(17, 10);
    const float* z = net.forward(SequenceBatch{packed.data(), starts, 2});
    const std::vector<float> second(z + 10 * kVocab, z + 17 * kVocab);
    REQUIRE(same_bits(second, m.value.logits(a).value));
  }
}

TEST_CASE("lab learned table: past n_max it reports 'beyond table', never clamps") {
  auto tr = small_train("offset", 1);
  auto m = Model::create(small_model(Encoding::Learned), tr);
  REQUIRE(m.ok());
  REQUIRE(m.value.config().n_max == 12);  // defaults to the training length
  std::vector<std::int32_t> tokens(12, 2);
  tokens[0] = 0;
  REQUIRE(m.value.logits(tokens).ok());
  tokens.push_back(3);
  const auto r = m.value.logits(tokens);
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.status.message.find("beyond table") != std::string::npos);
  REQUIRE(r.status.message.find("n_max = 12") != std::string::npos);
  REQUIRE_FALSE(m.value.attention(tokens).ok());
  EvalOptions o;
  o.lengths = {12, 13, 48};
  o.sequences = 4;
  const auto rows = m.value.evaluate(o).value;
  REQUIRE_FALSE(rows[0].beyond_table);
  REQUIRE(std::isfinite(rows[0].token_accuracy));
  for (int k : {1, 2}) {
    REQUIRE(rows[k].beyond_table);
    REQUIRE(std::isnan(rows[k].token_accuracy));
    REQUIRE(std::isnan(rows[k].sequence_accuracy));
  }
  // Other encodings have no table and go on.
  auto r2 = Model::create(small_model(Encoding::Sinusoidal), tr);
  REQUIRE(r2.value.logits(tokens).ok());
}

TEST_CASE("lab RoPE stretching: frequencies per length; identity up to the training length") {
  const ModelConfig m = resolved(small_model(Encoding::Rope), small_train("offset", 1));
  const int dh = m.head_dim();  // 8
  const auto plain = default_inv_freq(dh, 10000);
  for (auto st : {RopeStretch::None, RopeStretch::PI, RopeStretch::NTK, RopeStretch::YaRN}) {
    const auto f = stretched_frequencies(m, 12, 12, st).value;
    for (int i = 0; i < dh / 2; ++i) REQUIRE(f.inv_freq[i] == Approx(plain[i]).epsilon(1e-12));
    REQUIRE(f.attention_factor == Approx(1.0).epsilon(1e-12));
  }
  // Length 48 = 4 × 12: PI divides every frequency by 4; NTK-aware raises the base to
  // 10000·4^(d/(d−2)); YaRN's attention factor is 0.1·ln 4 + 1.
  const auto pi = stretched_frequencies(m, 12, 48, RopeStretch::PI).value;
  const auto ntk = stretched_frequencies(m, 12, 48, RopeStretch::NTK).value;
  const auto yarn = stretched_frequencies(m, 12, 48, RopeStretch::YaRN).value;
  const double base2 = 10000 * std::pow(4.0, dh / (dh - 2.0));
  for (int i = 0; i < dh / 2; ++i) {
    REQUIRE(pi.inv_freq[i] == Approx(std::pow(10000.0, -2.0 * i / dh) / 4).epsilon(1e-12));
    REQUIRE(ntk.inv_freq[i] == Approx(std::pow(base2, -2.0 * i / dh)).epsilon(1e-12));
  }
  REQUIRE(yarn.attention_factor == Approx(0.1 * std::log(4.0) + 1).epsilon(1e-12));
  // YaRN keeps the fastest pair (many turns within 12 positions) and interpolates the slowest.
  REQUIRE(yarn.inv_freq[0] == Approx(plain[0]).epsilon(1e-12));
  REQUIRE(yarn.inv_freq[dh / 2 - 1] == Approx(plain[dh / 2 - 1] / 4).epsilon(1e-12));

  // Logits: stretched = unstretched at the training length, different past it; other encodings refuse.
  auto rope = Model::create(small_model(Encoding::Rope), small_train("offset", 1)).value;
  std::vector<std::int32_t> tokens(12, 5), longer(30, 5);
  tokens[0] = longer[0] = 0;
  REQUIRE(same_bits(rope.logits(tokens, RopeStretch::YaRN).value, rope.logits(tokens).value));
  REQUIRE_FALSE(same_bits(rope.logits(longer, RopeStretch::PI).value, rope.logits(longer).value));
  // and the model is back to its own frequencies afterwards
  const auto again = rope.logits(longer).value;
  REQUIRE(same_bits(again, rope.logits(longer, RopeStretch::None).value));
  auto alibi = Model::create(small_model(Encoding::Alibi), small_train("offset", 1)).value;
  REQUIRE_FALSE(alibi.logits(tokens, RopeStretch::PI).ok());
  EvalOptions o;
  o.lengths = {12};
  o.stretch = RopeStretch::NTK;
  REQUIRE_FALSE(alibi.evaluate(o).ok());
}

TEST_CASE("lab tensors: names and shapes; a model rebuilt from them gives the same logits") {
  const ModelConfig mc = small_model(Encoding::T5);
  auto t = Trainer::create(mc, small_train("reverse", 3));
  while (!t.value.done()) t.value.step();
  Model& m = t.value.model();
  const auto tensors = m.tensors();
  // D = 16, F = 32, V = 50, 2 blocks, 8 buckets × 2 heads: counted from the architecture.
  const std::size_t want = 50 * 16 + 8 * 2 + 2 * (16 + 16 + 16 * 48 + 48 + 16 * 16 + 16 + 16 + 16 + 16 * 32 + 32 + 32 * 16 + 16) +
                           16 + 16 + 16 * 50 + 50;
  std::size_t total = 0;
  for (const auto& x : tensors) total += x.size;
  REQUIRE(total == want);
  REQUIRE(tensors.front().name == "tok_emb.weight");
  REQUIRE(tensors.front().shape == std::vector<int>{50, 16});
  REQUIRE(tensors[1].name == "t5_bias.weight");
  REQUIRE(tensors[1].shape == std::vector<int>{8, 2});
  REQUIRE(tensors[4].name == "blocks.0.attn.qkv.weight");
  REQUIRE(tensors[4].shape == std::vector<int>{16, 48});
  REQUIRE(tensors.back().name == "head.bias");

  const std::vector<std::int32_t> tokens = {0, 4, 5, 6, 7, 1, 7, 6};
  auto rebuilt = Model::from_tensors(m.config(), "reverse", 12, tensors);
  REQUIRE(rebuilt.ok());
  REQUIRE(same_bits(rebuilt.value.logits(tokens).value, m.logits(tokens).value));
  REQUIRE(rebuilt.value.task() == Task::Reverse);
  REQUIRE(rebuilt.value.train_length() == 12);

  auto missing = tensors;
  missing.pop_back();
  REQUIRE(Model::from_tensors(m.config(), "reverse", 12, missing).status.message.find("'head.bias' is missing") !=
          std::string::npos);
  auto wrong = tensors;
  wrong[0].shape = {16, 50};
  REQUIRE(Model::from_tensors(m.config(), "reverse", 12, wrong).status.message.find("must have shape [50, 16]") !=
          std::string::npos);
  auto extra = tensors;
  extra.push_back(extra[0]);
  extra.back().name = "pos_emb.weight";
  REQUIRE_FALSE(Model::from_tensors(m.config(), "reverse", 12, extra).ok());
  auto twice = tensors;
  twice.push_back(twice[0]);
  REQUIRE(Model::from_tensors(m.config(), "reverse", 12, twice).status.message.find("twice") != std::string::npos);
  // A non-finite weight is named with its tensor and index (NaN and infinity alike).
  for (const float bad : {std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::infinity()}) {
    auto corrupt = tensors;
    std::vector<float> copy(corrupt[1].data, corrupt[1].data + corrupt[1].size);
    copy[7] = bad;
    corrupt[1].data = copy.data();
    const auto s = Model::from_tensors(m.config(), "reverse", 12, corrupt).status;
    REQUIRE_FALSE(s.ok());
    const std::string what = std::isnan(bad) ? "NaN" : "an infinity";
    REQUIRE(s.message.find("tensor '" + corrupt[1].name + "' holds " + what + " at index 7") != std::string::npos);
  }
}

TEST_CASE("lab attention maps: [layers, heads, n, n], causal rows summing to 1") {
  auto m = Model::create(small_model(Encoding::Alibi), small_train("copy", 1)).value;
  const std::vector<std::int32_t> tokens = {0, 3, 4, 1, 3};
  const auto a = m.attention(tokens).value;
  REQUIRE(a.size() == 2u * 2 * 5 * 5);
  for (int lh = 0; lh < 4; ++lh) {
    for (int i = 0; i < 5; ++i) {
      double s = 0;
      for (int j = 0; j < 5; ++j) {
        const float p = a[(lh * 5 + i) * 5 + j];
        if (j > i) REQUIRE(p == 0);
        s += p;
      }
      REQUIRE(s == Approx(1).epsilon(1e-5));
    }
  }
}

TEST_CASE("lab configuration errors name the argument") {
  ModelConfig m = small_model(Encoding::Rope);
  m.n_heads = 3;
  REQUIRE(Trainer::create(m, small_train("offset", 1)).status.message.find("d_model (16) must be a multiple of n_heads (3)") !=
          std::string::npos);
  m = small_model(Encoding::Rope);
  m.d_model = 18;
  m.n_heads = 2;  // head_dim 9: odd
  REQUIRE(Trainer::create(m, small_train("offset", 1)).status.message.find("even for RoPE") != std::string::npos);
  auto tc = small_train("nope", 1);
  REQUIRE(Trainer::create(small_model(Encoding::None), tc).status.message.find("task must be one of") != std::string::npos);
  tc = small_train("offset", 1);
  tc.train_length = 4;  // offset needs 5
  REQUIRE(Trainer::create(small_model(Encoding::None), tc).status.message.find("train_length") != std::string::npos);
  REQUIRE(parse_encoding("alibi").value == Encoding::Alibi);
  REQUIRE_FALSE(parse_encoding("ALiBi").ok());
  auto model = Model::create(small_model(Encoding::None), small_train("offset", 1)).value;
  REQUIRE(model.logits({0, 50}).status.message.find("tokens[1]") != std::string::npos);
  REQUIRE_FALSE(model.logits({}).ok());
  EvalOptions o;
  o.lengths = {3};
  REQUIRE(model.evaluate(o).status.message.find("lengths") != std::string::npos);
}

TEST_CASE("lab memory: network_bytes bounds what a network holds; oversized requests are refused before allocating") {
  for (Encoding e : {Encoding::None, Encoding::Learned, Encoding::T5, Encoding::Rope, Encoding::Sinusoidal}) {
    ModelConfig m = resolved(small_model(e), small_train("offset", 1));
    m.n_max = 40;
    Network<float> net(m);
    net.reserve(8 * 12, 12);
    net.reserve(5 * 40, 40);
    const double want = network_bytes(m, 5 * 40, 40), got = static_cast<double>(net.memory_bytes());
    REQUIRE(want >= got);
    REQUIRE(want <= got * 1.02 + 4096);
  }
  // 16 blocks of width 1024 with a 4096-wide MLP: 1.6 GB of parameters and gradients
  ModelConfig big;
  big.d_model = 1024;
  big.n_heads = 8;
  big.n_layers = 16;
  big.d_mlp = 4096;
  const auto t = Trainer::create(big, small_train("offset", 1));
  REQUIRE(t.status.kind == ErrorKind::Range);
  REQUIRE(t.status.message.find("MiB of memory; the limit is 512 MiB") != std::string::npos);
  // a small model asked about 4096-token sequences with many heads: the attention maps alone are GBs
  ModelConfig wide = small_model(Encoding::None);
  wide.n_heads = 16;
  auto model = Model::create(wide, small_train("offset", 1)).value;
  EvalOptions o;
  o.lengths = {4096};
  o.sequences = 4;
  REQUIRE(model.evaluate(o).status.message.find("evaluating at this length would need") != std::string::npos);
  REQUIRE(model.attention(std::vector<std::int32_t>(4096, 2)).status.message.find("MiB of memory") != std::string::npos);
  o.lengths = {12};
  REQUIRE(model.evaluate(o).ok());  // and the model still works
}

TEST_CASE("lab configuration: a learned table shorter than the training length is refused; shared checks speak the lab's names") {
  ModelConfig m = small_model(Encoding::Learned);
  m.n_max = 8;
  auto t = Trainer::create(m, small_train("offset", 1));  // train_length 12
  REQUIRE(t.status.message == "n_max (8) must be at least train_length (12): the learned table needs a row for every position trained on");
  m.n_max = 12;
  REQUIRE(Trainer::create(m, small_train("offset", 1)).ok());
  m = small_model(Encoding::T5);
  m.t5_num_buckets = 1;
  REQUIRE(Trainer::create(m, small_train("offset", 1)).status.message.rfind("t5_num_buckets must be", 0) == 0);
  m = small_model(Encoding::T5);
  m.t5_max_distance = 2;
  REQUIRE(Trainer::create(m, small_train("offset", 1)).status.message.rfind("t5_max_distance must be", 0) == 0);
  m = small_model(Encoding::Rope);
  m.rope_base = 1;
  REQUIRE(Trainer::create(m, small_train("offset", 1)).status.message.rfind("rope_base must be a finite number > 1", 0) == 0);
}
