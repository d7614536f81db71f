// Every layer of the lab network, and the whole network with each positional encoding, against
// central finite differences in float64: the same templated code the float32 training runs.
//
// Check: for each parameter (or input) tensor, ‖g_analytic − g_fd‖₂ / ‖g_fd‖₂ ≤ 1e-6, with
// g_fd = (L(θ + h) − L(θ − h)) / 2h, h = 1e-5: truncation ~h²·|L'''| ≈ 1e-10 and round-off
// ~ε·|L|/h ≈ 1e-11·|L|, so the measured errors sit near 1e-8, well below the bound, while a wrong
// term gives 1e-2 or more. A tensor whose gradient is below kSmallGradient in norm (FIRE's c and its
// bias added to a whole softmax row, which cancels: gradient 0) is measured against kSmallGradient
// instead of its own norm: there the differences' own round-off (≈ 1e-10 per element; 1.6e-10 for
// FIRE's zero gradient in wasm, whose libm differs) would decide the ratio, not the code; a wrong
// term of such a tensor still fails unless it is below 1e-9 itself. Layers are checked through L = Σ w ⊙ y with
// fixed random w, so every output element carries gradient.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/lab.hpp"
#include "posenc/lab_attention.hpp"
#include "posenc/lab_layers.hpp"
#include "posenc/lab_network.hpp"
#include "posenc/lab_tasks.hpp"
#include "posenc/relative.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

constexpr double kStep = 1e-5;
constexpr double kTolerance = 1e-6;
constexpr double kSmallGradient = 1e-3;

std::vector<double> randn(std::size_t n, std::uint64_t seed, double scale = 1.0) {
  Rng rng(seed);
  std::vector<double> v(n);
  for (auto& x : v) x = rng.normal() * scale;
  return v;
}

double dot(const std::vector<double>& a, const double* b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

// Relative error of `analytic` against central differences of `loss` with respect to x[0 … n−1]
// (against kSmallGradient where the gradient is smaller than that).
double fd_error(double* x, std::size_t n, const double* analytic, const std::function<double()>& loss) {
  double num = 0, den = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double keep = x[i];
    x[i] = keep + kStep;
    const double up = loss();
    x[i] = keep - kStep;
    const double down = loss();
    x[i] = keep;
    const double fd = (up - down) / (2 * kStep);
    num += (fd - analytic[i]) * (fd - analytic[i]);
    den += fd * fd;
  }
  return std::sqrt(num) / std::max(std::sqrt(den), kSmallGradient);
}

}  // namespace

TEST_CASE("lab gradients: layer norm (input, gain, bias)") {
  const int rows = 5, dim = 7;
  auto x = randn(rows * dim, 1, 2.0), g = randn(dim, 2), b = randn(dim, 3), w = randn(rows * dim, 4);
  for (auto& v : x) v += 0.5;  // a mean away from zero
  std::vector<double> y(rows * dim), mean(rows), rstd(rows), dx(rows * dim), dg(dim, 0), db(dim, 0);
  auto loss = [&] {
    layernorm_forward(rows, dim, 1e-5, x.data(), g.data(), b.data(), y.data(), mean.data(), rstd.data());
    return dot(w, y.data());
  };
  loss();
  layernorm_backward(rows, dim, x.data(), g.data(), mean.data(), rstd.data(), w.data(), dx.data(), dg.data(), db.data(),
                     false);
  CHECK(fd_error(x.data(), x.size(), dx.data(), loss) <= kTolerance);
  CHECK(fd_error(g.data(), g.size(), dg.data(), loss) <= kTolerance);
  CHECK(fd_error(b.data(), b.size(), db.data(), loss) <= kTolerance);
  // accumulate_dx adds to what is there
  std::vector<double> dx2(rows * dim, 1.0), dg2(dim, 0), db2(dim, 0);
  layernorm_backward(rows, dim, x.data(), g.data(), mean.data(), rstd.data(), w.data(), dx2.data(), dg2.data(),
                     db2.data(), true);
  for (int i = 0; i < rows * dim; ++i) REQUIRE(dx2[i] == Approx(dx[i] + 1.0).epsilon(1e-12));
}

TEST_CASE("lab gradients: linear layer (input, weight, bias)") {
  const int rows = 6, in = 5, out = 9;
  auto x = randn(rows * in, 11), W = randn(in * out, 12), b = randn(out, 13), w = randn(rows * out, 14);
  std::vector<double> y(rows * out), dx(rows * in), dW(in * out, 0), db(out, 0);
  auto loss = [&] {
    linear_forward(rows, in, out, x.data(), W.data(), b.data(), y.data());
    return dot(w, y.data());
  };
  loss();
  linear_backward(rows, in, out, x.data(), W.data(), w.data(), dx.data(), dW.data(), db.data());
  CHECK(fd_error(x.data(), x.size(), dx.data(), loss) <= kTolerance);
  CHECK(fd_error(W.data(), W.size(), dW.data(), loss) <= kTolerance);
  CHECK(fd_error(b.data(), b.size(), db.data(), loss) <= kTolerance);
}

TEST_CASE("lab gradients: ReLU (inputs away from the kink) and cross-entropy") {
  auto x = randn(40, 21);
  for (auto& v : x) v += v > 0 ? 0.1 : -0.1;
  auto w = randn(40, 22);
  std::vector<double> y(40), dx(40);
  auto relu_loss = [&] {
    relu_forward(40, x.data(), y.data());
    return dot(w, y.data());
  };
  relu_backward(40, x.data(), w.data(), dx.data());
  CHECK(fd_error(x.data(), x.size(), dx.data(), relu_loss) <= kTolerance);

  const int rows = 6, vocab = 11;
  auto z = randn(rows * vocab, 23, 3.0);
  const std::int32_t targets[rows] = {3, -1, 0, 10, -1, 7};
  std::vector<double> dz(rows * vocab);
  auto ce = [&] { return cross_entropy(rows, vocab, z.data(), targets, dz.data()); };
  ce();
  std::vector<double> analytic = dz;
  CHECK(fd_error(z.data(), z.size(), analytic.data(), ce) <= kTolerance);
  // The value itself, from the definition: mean over the four scored rows of log Σ e^z − z_target.
  double want = 0;
  for (int r = 0; r < rows; ++r) {
    if (targets[r] < 0) continue;
    double s = 0;
    for (int v = 0; v < vocab; ++v) s += std::exp(z[r * vocab + v]);
    want += std::log(s) - z[r * vocab + targets[r]];
  }
  REQUIRE(ce() == Approx(want / 4).epsilon(1e-12));
}

TEST_CASE("lab gradients: embedding rows (repeated indices add up)") {
  const int rows = 7, dim = 3;
  const std::int32_t index[rows] = {2, 0, 2, 4, 1, 2, 0};
  auto table = randn(5 * dim, 31), w = randn(rows * dim, 32);
  std::vector<double> out(rows * dim), dtable(5 * dim, 0);
  auto loss = [&] {
    embedding_forward(rows, dim, index, table.data(), out.data(), false);
    return dot(w, out.data());
  };
  embedding_backward(rows, dim, index, w.data(), dtable.data());
  CHECK(fd_error(table.data(), table.size(), dtable.data(), loss) <= kTolerance);
}

namespace {

struct EncodingCase {
  std::string name;
  Encoding encoding;
  RopeLayout layout;
};

// Every encoding of the lab's list (a new one is checked without editing this file), and RoPE's
// second pairing.
std::vector<EncodingCase> every_encoding() {
  std::vector<EncodingCase> cases;
  for (const auto& n : encoding_names()) cases.push_back({n, parse_encoding(n).value, RopeLayout::Interleaved});
  cases.push_back({"rope half", Encoding::Rope, RopeLayout::Half});
  return cases;
}

}  // namespace

TEST_CASE("lab gradients: causal attention with each encoding (q, k, v, the encoding's own tensor)") {
  const auto cases = every_encoding();
  const int D = 12, H = 3, n = 9, dh = D / H;
  // T5: 8 causal buckets up to distance 6, so distances 4 … 8 exercise the logarithmic buckets.
  const T5Options t5{false, 8, 6};
  REQUIRE(t5_bucket(-8, t5) > t5_bucket(-4, t5));
  // RoPE with a YaRN-like attention factor, so the factor's gradient path is covered too.
  const Frequencies rope{default_inv_freq(dh, 100.0), 1.1};
  std::vector<std::int32_t> positions(n);
  for (int p = 0; p < n; ++p) positions[p] = p;
  for (const auto& c : cases) {
    SECTION(c.name) {
      auto qkv = randn(n * 3 * D, 41), w = randn(n * D, 43);
      std::vector<double> work(qkv.size()), probs(H * n * n), out(n * D), dout = w;
      std::vector<double> dqkv(qkv.size()), scratch(n * n), bias(n);
      ModelConfig m;
      m.encoding = c.encoding;
      m.rope_layout = c.layout;
      m.rope_base = 100;
      m.d_model = D;
      m.n_heads = H;
      m.t5_num_buckets = 8;
      m.t5_max_distance = 6;
      m.n_max = n;
      TrainConfig train;
      train.train_length = n;
      m = resolved(m, train);  // the unit's own defaults, from the training length
      // The encoding's own tensors (its unit says which), random, with their gradients.
      std::map<std::string, std::vector<double>> tensors, tensor_grads;
      std::uint64_t seed = 42;
      unit(m.encoding).tensors(m, [&](std::string name, std::vector<int> shape, bool, InitSpec) {
        std::size_t size = 1;
        for (int s : shape) size *= static_cast<std::size_t>(s);
        tensors[name] = randn(size, seed++);
        tensor_grads[name].assign(size, 0.0);
      });
      auto scheme = make_scheme<double>(m);
      scheme->bind([&](const std::string& k) { return tensors.at(k).data(); },
                   [&](const std::string& k) { return tensor_grads.at(k).data(); });
      scheme->tables(n);
      scheme->set_frequencies(rope);
      const AttentionDims dims{D, H, n};
      auto loss = [&] {
        work = qkv;  // the forward pass rotates q and k in place
        attention_forward(dims, *scheme, 0, positions.data(), work.data(), probs.data(), out.data(), bias.data());
        return dot(w, out.data());
      };
      loss();
      attention_backward(dims, *scheme, 0, positions.data(), work.data(), probs.data(), dout.data(), dqkv.data(),
                         scratch.data());
      CHECK(fd_error(qkv.data(), qkv.size(), dqkv.data(), loss) <= kTolerance);
      for (auto& [name, t] : tensors) {
        INFO(name);
        CHECK(fd_error(t.data(), t.size(), tensor_grads[name].data(), loss) <= kTolerance);
      }
      // Causality: row i of every head's map sums to 1 and is 0 past the diagonal.
      for (int h = 0; h < H; ++h) {
        for (int i = 0; i < n; ++i) {
          double s = 0;
          for (int j = 0; j < n; ++j) {
            const double p = probs[(h * n + i) * n + j];
            if (j > i) REQUIRE(p == 0);
            s += p;
          }
          REQUIRE(s == Approx(1).epsilon(1e-12));
        }
      }
    }
  }
}

namespace {

// A bias that reads content, as CoPE's does: b_ij = u_h·tanh(s⁰_ij) + (i − j)·(q_i·w), with
// s⁰_ij = q_i·k_j/√d_h. Its backward pass adds the path through s⁰ to dscores and ∂L/∂q_i to dq:
// the two ways lab_encoding.hpp lets a bias row reach q and k.
class ContentBias : public Scheme<double> {
 public:
  explicit ContentBias(int head_dim) : w_(randn(head_dim, 77)) {}
  bool has_bias(int) const override { return true; }
  void bias_row(int, int h, int i, const std::int32_t*, const ScoreRow<double>& r, double* bias) const override {
    const double qw = dot(w_, r.q);
    for (int j = 0; j <= i; ++j) bias[j] = u(h) * std::tanh(r.scores[j]) + (i - j) * qw;
  }
  void bias_row_backward(int, int h, int i, const std::int32_t*, const ScoreRow<double>& r, double* ds, double* dq) override {
    double dqw = 0;
    for (int j = 0; j <= i; ++j) {
      double s0 = 0;  // the scores are not kept: recomputed from q_i and k_j
      for (int c = 0; c < r.head_dim; ++c) s0 += r.q[c] * r.k[j * r.ld + c];
      s0 *= r.scale;
      const double t = std::tanh(s0);
      dqw += ds[j] * (i - j);
      ds[j] += ds[j] * u(h) * (1 - t * t);
    }
    for (int c = 0; c < r.head_dim; ++c) dq[c] += dqw * w_[static_cast<std::size_t>(c)];
  }

 private:
  static double u(int h) { return 0.7 + 0.4 * h; }
  std::vector<double> w_;
};

}  // namespace

TEST_CASE("lab gradients: a bias that reads q_i, the keys and the scores reaches q and k through the attention") {
  const int D = 12, H = 3, n = 8, dh = D / H;
  auto qkv = randn(n * 3 * D, 51), w = randn(n * D, 53);
  std::vector<double> work(qkv.size()), probs(H * n * n), out(n * D), dqkv(qkv.size()), scratch(n * n), bias(n);
  std::vector<std::int32_t> positions(n);
  for (int p = 0; p < n; ++p) positions[p] = p;
  ContentBias scheme(dh);
  const AttentionDims dims{D, H, n};
  auto loss = [&] {
    work = qkv;
    attention_forward(dims, scheme, 0, positions.data(), work.data(), probs.data(), out.data(), bias.data());
    return dot(w, out.data());
  };
  loss();
  attention_backward(dims, scheme, 0, positions.data(), work.data(), probs.data(), w.data(), dqkv.data(), scratch.data());
  CHECK(fd_error(qkv.data(), qkv.size(), dqkv.data(), loss) <= kTolerance);
}

namespace {

// A tiny network on a batch of three sequences of different lengths, its loss and gradient.
struct TinyRun {
  Network<double> net;
  std::vector<std::int32_t> tokens, targets, positions;
  std::vector<int> starts;

  explicit TinyRun(const ModelConfig& m) : net(m) {
    net.initialize(7, 0.3, 1.0);  // large init: every path carries gradient of a visible size
    // Zero-initialised tensors (biases, the T5 table) get values too, so their gradients are generic.
    Rng rng(8);
    for (const auto& s : net.layout()) {
      if (s.init == Init::Zero) {
        for (std::size_t i = 0; i < s.size; ++i) net.params()[s.offset + i] = rng.normal() * 0.3;
      }
    }
    Rng data(9);
    sample_batch_for_test(data);
    if (m.random_positions > 0) {  // randomized positions: each sequence a sorted sample of [0, P)
      positions.resize(tokens.size());
      Rng pos(10);
      for (int s = 0; s < 3; ++s) sample_positions(pos, starts[s + 1] - starts[s], m.random_positions, positions.data() + starts[s]);
    }
    net.reserve(static_cast<int>(tokens.size()), 9);
  }
  void sample_batch_for_test(Rng& rng) {
    const int lengths[] = {9, 5, 7};
    starts = {0};
    for (int len : lengths) {
      std::vector<std::int32_t> t(len), g(len);
      generate(Task::Recall, len, rng, t.data(), g.data());
      // Score every position (the next token, or anything for the last one): more gradient paths.
      for (int i = 0; i < len; ++i) g[i] = i + 1 < len ? t[i + 1] : t[0];
      tokens.insert(tokens.end(), t.begin(), t.end());
      targets.insert(targets.end(), g.begin(), g.end());
      starts.push_back(static_cast<int>(tokens.size()));
    }
  }
  double loss() {
    net.forward(SequenceBatch{tokens.data(), starts.data(), 3, positions.empty() ? nullptr : positions.data()});
    return net.loss(targets.data());
  }
};

ModelConfig tiny(Encoding e, RopeLayout layout = RopeLayout::Interleaved) {
  ModelConfig m;
  m.encoding = e;
  m.rope_layout = layout;
  m.rope_base = 100;
  m.vocab = kVocab;
  m.d_model = 8;
  m.n_heads = 2;
  m.n_layers = 2;
  m.d_mlp = 12;
  m.n_max = 9;
  m.t5_num_buckets = 8;
  m.t5_max_distance = 6;
  TrainConfig train;
  train.train_length = 9;
  return resolved(m, train);  // the unit's own defaults, from the training length
}

// Every tensor of a tiny network's gradient against differences.
void check_network(const std::string& label, const ModelConfig& m) {
  TinyRun run(m);
  run.loss();
  run.net.backward();
  const std::vector<double> grads = run.net.grads();
  for (const auto& s : run.net.layout()) {
    INFO(label << ": " << s.name);
    double* p = run.net.params().data() + s.offset;
    if (s.name == "tok_emb.weight") {
      // Rows of tokens the batch does not contain cannot change the loss: their gradient must be
      // exactly 0; the rows in use are checked against differences (this keeps the test quick
      // under the sanitizers: 50 rows, a handful used).
      const int D = s.shape[1];
      for (int row = 0; row < s.shape[0]; ++row) {
        const bool used = std::find(run.tokens.begin(), run.tokens.end(), row) != run.tokens.end();
        const double* g = grads.data() + s.offset + static_cast<std::size_t>(row) * D;
        if (used) {
          CHECK(fd_error(p + static_cast<std::size_t>(row) * D, D, g, [&] { return run.loss(); }) <= kTolerance);
        } else {
          for (int i = 0; i < D; ++i) REQUIRE(g[i] == 0.0);
        }
      }
      continue;
    }
    const double err = fd_error(p, s.size, grads.data() + s.offset, [&] { return run.loss(); });
    CHECK(err <= kTolerance);
  }
}

}  // namespace

TEST_CASE("lab gradients: whole network, each encoding, every tensor") {
  for (const auto& c : every_encoding()) {
    SECTION(c.name) { check_network(c.name, tiny(c.encoding, c.layout)); }
  }
}

TEST_CASE("lab gradients: whole network with randomized positions, each encoding that reads positions") {
  for (const auto& c : every_encoding()) {
    if (!unit(c.encoding).reads_positions) continue;
    SECTION(c.name) {
      ModelConfig m = tiny(c.encoding, c.layout);
      m.random_positions = 20;  // positions: sorted samples of [0, 20) for sequences of 9, 5 and 7
      m.n_max = 20;
      check_network(c.name + " (random positions)", m);
    }
  }
}
