// Randomized positions (Ruoss et al. 2023, ACL, "Randomized Positional Encodings Boost Length
// Generalization of Transformers"; their code samples jax.random.choice(noise_max_length, n,
// replace=False), sorted, in training and at test time): the sampler draws every sorted n-subset of
// [0, P) equally often; the network uses the positions it is given (relative encodings do not see a
// shift, absolute ones do); training and evaluation draw them from their own streams; what does not
// apply is refused.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <map>
#include <vector>

#include "posenc/lab.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

ModelConfig small(Encoding e, int P) {
  ModelConfig m;
  m.encoding = e;
  m.d_model = 16;
  m.n_heads = 2;
  m.n_layers = 2;
  m.d_mlp = 32;
  m.t5_num_buckets = 8;
  m.t5_max_distance = 12;
  m.random_positions = P;
  return m;
}

TrainConfig train(const char* task, int steps) {
  TrainConfig t;
  t.task = task;
  t.train_length = 12;
  t.batch_size = 8;
  t.steps = steps;
  t.warmup_steps = 5;
  t.lr = 1e-2;
  return t;
}

bool same_bits(const float* a, const float* b, std::size_t n) { return std::memcmp(a, b, n * sizeof(float)) == 0; }

}  // namespace

TEST_CASE("lab random positions: sorted, distinct, in [0, P), every subset equally likely") {
  Rng rng(1);
  std::vector<std::int32_t> out(30);
  for (int rep = 0; rep < 200; ++rep) {
    const int P = 1 + uniform_int(rng, 60), n = 1 + uniform_int(rng, std::min(P, 30));
    sample_positions(rng, n, P, out.data());
    REQUIRE(out[0] >= 0);
    REQUIRE(out[static_cast<std::size_t>(n) - 1] < P);
    for (int i = 1; i < n; ++i) REQUIRE(out[static_cast<std::size_t>(i)] > out[static_cast<std::size_t>(i) - 1]);
  }
  sample_positions(rng, 7, 7, out.data());  // n = P: all of them
  for (int i = 0; i < 7; ++i) REQUIRE(out[static_cast<std::size_t>(i)] == i);
  // n = 2 of P = 5: ten subsets, each with probability 1/10. 50 000 draws: χ² with 9 degrees of
  // freedom stays below 27.9 with probability 0.999.
  std::map<std::pair<int, int>, int> seen;
  const int draws = 50000;
  for (int k = 0; k < draws; ++k) {
    sample_positions(rng, 2, 5, out.data());
    ++seen[{out[0], out[1]}];
  }
  REQUIRE(seen.size() == 10);
  double chi2 = 0;
  for (const auto& [subset, count] : seen) chi2 += std::pow(count - draws / 10.0, 2) / (draws / 10.0);
  CHECK(chi2 < 27.9);
}

TEST_CASE("lab random positions: the network uses the positions it is given") {
  const std::vector<std::int32_t> tokens = {0, 20, 3, 21, 5, 1, 20, 3, 21};
  const int n = 9, starts[2] = {0, n};
  std::vector<std::int32_t> index(n), shifted(n), spread = {0, 2, 3, 7, 8, 9, 15, 20, 31};
  for (int t = 0; t < n; ++t) index[t] = t, shifted[t] = t + 17;
  for (const auto& name : encoding_names()) {
    const Encoding e = parse_encoding(name).value;
    INFO(name);
    auto made = Model::create(small(e, 0), train("recall", 1));
    REQUIRE(made.ok());
    Network<float>& net = made.value.network();
    ModelConfig wide = net.config();
    wide.random_positions = 40;  // tables for positions up to 39
    Network<float> big(wide);
    big.params() = net.params();
    Rng fill(4);  // tensors that start at 0 (T5's table, CoPE's embeddings) get values, so they act
    for (const auto& spec : big.layout()) {
      if (spec.init == Init::Zero) {
        for (std::size_t i = 0; i < spec.size; ++i) big.params()[spec.offset + i] = static_cast<float>(fill.normal() * 0.3);
      }
    }
    big.reserve(n, n);
    std::vector<float> plain(n * kVocab), given(n * kVocab), moved(n * kVocab), apart(n * kVocab);
    const auto run = [&](const std::int32_t* pos, std::vector<float>& out) {
      const float* z = big.forward(SequenceBatch{tokens.data(), starts, 1, pos});
      std::copy(z, z + n * kVocab, out.begin());
    };
    run(nullptr, plain);
    run(index.data(), given);
    run(shifted.data(), moved);
    run(spread.data(), apart);
    // Positions 0 … n−1 given explicitly are the default, to the bit.
    REQUIRE(same_bits(plain.data(), given.data(), plain.size()));
    double shift = 0, gap = 0;
    for (std::size_t i = 0; i < plain.size(); ++i) {
      shift = std::max(shift, static_cast<double>(std::fabs(plain[i] - moved[i])));
      gap = std::max(gap, static_cast<double>(std::fabs(plain[i] - apart[i])));
    }
    // Every encoding but NoPE and CoPE sees spread-out positions; a shift of all of them is invisible
    // to the relative ones (scores depend on i − j only) and visible to the absolute ones (and FIRE,
    // whose normalizer reads the query's own position, and iRoPE's temperature).
    const bool reads = unit(e).reads_positions;
    CHECK((gap > 1e-3) == reads);
    const bool relative = e == Encoding::T5 || e == Encoding::Alibi || e == Encoding::Rope || e == Encoding::Xpos ||
                          e == Encoding::PRope || e == Encoding::Kerple || !reads;
    if (relative) {
      CHECK(shift < 1e-4);
    } else {
      CHECK(shift > 1e-3);
    }
  }
}

TEST_CASE("lab random positions: training and evaluation draw them from their own streams") {
  auto a = Trainer::create(small(Encoding::Rope, 48), train("offset", 30));
  auto b = Trainer::create(small(Encoding::Rope, 48), train("offset", 30));
  auto plain = Trainer::create(small(Encoding::Rope, 0), train("offset", 30));
  REQUIRE(a.ok());
  while (!a.value.done()) a.value.step(), b.value.step(), plain.value.step();
  const auto& pa = a.value.model().network().params();
  REQUIRE(same_bits(pa.data(), b.value.model().network().params().data(), pa.size()));  // same seed, same bits
  REQUIRE_FALSE(same_bits(pa.data(), plain.value.model().network().params().data(), pa.size()));
  Model& m = a.value.model();
  // Evaluation: up to P = 48 tokens; past it there are not enough positions ("beyond table").
  EvalOptions o;
  o.lengths = {12, 48, 49};
  o.sequences = 7;
  o.seed = 5;
  const auto rows = m.evaluate(o).value;
  REQUIRE_FALSE(rows[1].beyond_table);
  REQUIRE(rows[2].beyond_table);
  REQUIRE(std::isnan(rows[2].sequence_accuracy));
  REQUIRE(m.logits(std::vector<std::int32_t>(49, 2)).status.message.find("draws them from [0, 48)") != std::string::npos);
  // A recount: the documented streams give the same sequences and positions, and the same answers.
  for (int len : {12, 30}) {
    Rng rng(o.seed ^ (static_cast<std::uint64_t>(len) * 0x9E3779B97F4A7C15ull));
    Rng prng(o.seed ^ (static_cast<std::uint64_t>(len) * 0x9E3779B97F4A7C15ull) ^ kPositionStream);
    long correct = 0, scored = 0;
    for (int s = 0; s < o.sequences; ++s) {
      std::vector<std::int32_t> tokens, targets, pos(static_cast<std::size_t>(len));
      std::vector<int> starts;
      sample_batch(Task::Offset, 1, len, len, rng, tokens, targets, starts);
      sample_positions(prng, len, 48, pos.data());
      Network<float>& net = m.network();
      net.reserve(len, len);
      const float* z = net.forward(SequenceBatch{tokens.data(), starts.data(), 1, pos.data()});
      for (int p = 0; p < len; ++p) {
        if (targets[static_cast<std::size_t>(p)] < 0) continue;
        const float* row = z + static_cast<long>(p) * kVocab;
        ++scored;
        correct += std::max_element(row, row + kVocab) - row == targets[static_cast<std::size_t>(p)];
      }
    }
    o.lengths = {len};
    const auto r = m.evaluate(o).value[0];
    REQUIRE(r.scored == scored);
    REQUIRE(r.token_accuracy == Approx(static_cast<double>(correct) / scored).epsilon(1e-12));
  }
  // logits() of n tokens takes the positions of one fixed draw: the same every call.
  const std::vector<std::int32_t> t = {0, 3, 4, 5, 6, 7, 8};
  const auto z1 = m.logits(t).value, z2 = m.logits(t).value;
  REQUIRE(same_bits(z1.data(), z2.data(), z1.size()));
}

TEST_CASE("lab random positions: refused where they cannot apply") {
  auto tc = train("offset", 1);
  REQUIRE(Trainer::create(small(Encoding::Cope, 40), tc).status.message ==
          "random_positions does not apply to cope: it reads no positions (leave it 0)");
  REQUIRE(Trainer::create(small(Encoding::None, 40), tc).status.message.rfind("random_positions does not apply to none", 0) == 0);
  REQUIRE(Trainer::create(small(Encoding::Rope, 8), tc).status.message.rfind("random_positions (8) must be at least train_length (12)", 0) == 0);
  ModelConfig x = small(Encoding::Xpos, 300);  // xPos at B = 6 covers 265 positions
  REQUIRE(Trainer::create(x, tc).status.message.rfind("random_positions (300) must be at most 265", 0) == 0);
  // A learned table gets one row per position it may be given.
  auto learned = Model::create(small(Encoding::Learned, 40), tc);
  REQUIRE(learned.ok());
  REQUIRE(learned.value.config().n_max == 40);
}
