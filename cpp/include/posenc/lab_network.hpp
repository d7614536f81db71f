// The lab's decoder-only Transformer: parameters as named tensors in one flat buffer, and the
// forward and backward passes over a batch of packed sequences, templated on the scalar type.
//
//   x_0 = tok_emb[token] (+ the encoding's PE[position])                             [tokens, D]
//   for each block l:  x ← x + attn(LN1(x));   x ← x + W_proj·relu(W_fc·LN2(x))     (pre-LN)
//   logits = head(LN_f(x))                                                           [tokens, V]
// The encoding enters only through its unit (lab_encoding.hpp). docs/LAB.md has every detail
// (tensor names and shapes, initialisation, how each encoding enters).
//
// Buffers are sized by reserve() and reused: a step allocates nothing. No threads, and every sum
// runs in a fixed order, so the same inputs give bit-identical outputs in the same build.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "posenc/frequencies.hpp"
#include "posenc/lab_attention.hpp"
#include "posenc/lab_config.hpp"
#include "posenc/lab_encoding.hpp"

namespace posenc::lab {

struct TensorSpec {
  std::string name;
  std::vector<int> shape;
  std::size_t offset = 0;  // into the flat parameter buffer
  std::size_t size = 0;
  bool decay = false;      // AdamW weight decay applies
  InitSpec init = Init::Zero;
};

// Names, shapes and offsets, in the order of the flat buffer (and of initialisation).
std::vector<TensorSpec> parameter_layout(const ModelConfig& m);
std::size_t parameter_count(const std::vector<TensorSpec>& layout);

// Bytes a float32 Network of this configuration holds after reserve(max_tokens, max_len):
// parameters, gradients, activations, position tables and scratch (an upper bound within a few
// hundred bytes of memory_bytes()). In double, so absurd sizes do not wrap a 32-bit size_t. The
// entry points compare it with kMaxNetworkBytes before allocating anything.
double network_bytes(const ModelConfig& m, double max_tokens, double max_len);

// Where each tensor sits in a flat buffer (parameters or their gradients).
template <class T>
struct BlockTensors {
  T *ln1_g, *ln1_b, *w_qkv, *b_qkv, *w_out, *b_out, *ln2_g, *ln2_b, *w_fc, *b_fc, *w_proj, *b_proj;
};
template <class T>
struct Tensors {
  T* tok_emb = nullptr;  // the encoding's own tensors are its unit's (Scheme::bind)
  std::vector<BlockTensors<T>> blocks;
  T *lnf_g = nullptr, *lnf_b = nullptr, *w_head = nullptr, *b_head = nullptr;
};

// Packed sequences: sequence s is tokens[starts[s] … starts[s+1]−1]. Its tokens sit at positions
// 0, 1, … within it, or, given `positions` (one per token, increasing within each sequence, below
// the network's position span), there: randomized positions (Ruoss et al. 2023).
struct SequenceBatch {
  const std::int32_t* tokens = nullptr;
  const int* starts = nullptr;  // count + 1 entries, starts[0] = 0
  int count = 0;
  const std::int32_t* positions = nullptr;  // null: 0 … n−1 in each sequence
  int total() const { return starts[count]; }
};

template <class T>
class Network {
 public:
  explicit Network(const ModelConfig& config);  // config validated by the caller

  const ModelConfig& config() const { return cfg_; }
  const std::vector<TensorSpec>& layout() const { return layout_; }
  std::vector<T>& params() { return params_; }
  const std::vector<T>& params() const { return params_; }
  std::vector<T>& grads() { return grads_; }
  const Tensors<T>& weights() const { return w_; }

  // Draws every tensor from N(0, σ²) (σ per tensor, docs/LAB.md) or sets it to 0 / 1, in layout order.
  void initialize(std::uint64_t seed, double init_std, double embed_init_std);

  // Capacity: up to max_tokens tokens per call, sequences up to max_len (learned: ≤ n_max). The
  // encoding's tables cover positions below position_span(): max_len, or random_positions if larger.
  void reserve(int max_tokens, int max_len);
  int max_tokens() const { return cap_tokens_; }
  int max_len() const { return cap_len_; }
  int position_span() const { return cap_len_ > cfg_.random_positions ? cap_len_ : cfg_.random_positions; }

  // RoPE frequencies and attention factor the forward pass uses (default: base^(−2i/d_h), 1);
  // evaluation swaps in scaled ones (PI, NTK, YaRN) without touching the weights.
  void set_rope_frequencies(const Frequencies& f);
  Scheme<T>& scheme() { return *scheme_; }

  // Logits [total, vocab] for the batch; keeps what backward() needs.
  const T* forward(const SequenceBatch& batch);
  // Mean cross-entropy over the scored positions of the last forward(); fills ∂L/∂logits.
  double loss(const std::int32_t* targets);
  // grads() = ∂L/∂params for the last forward() and loss().
  void backward();

  // Bytes held by parameters, gradients and every buffer (activations, tables, scratch).
  std::size_t memory_bytes() const;

  // Attention probabilities of block `layer` for sequence `seq` of the last forward(): [heads, n, n].
  const T* probs(int layer, int seq) const;
  // q, k, v of block `layer` for the last forward() ([tokens, 3·d_model], q and k as the encoding's
  // qk step left them), and each token's position.
  const T* qkv(int layer) const { return acts_[static_cast<std::size_t>(layer)].qkv.data(); }
  const std::int32_t* positions() const { return positions_.data(); }

 private:
  struct BlockActs {
    std::vector<T> x, ln1, mean1, rstd1, qkv, probs, att, mid, ln2, mean2, rstd2, pre, act;
  };
  ModelConfig cfg_;
  std::vector<TensorSpec> layout_;
  std::vector<T> params_, grads_;
  Tensors<T> w_, g_;
  std::unique_ptr<Scheme<T>> scheme_;  // the encoding, with its tables for positions < cap_len_
  int cap_tokens_ = 0, cap_len_ = 0;
  bool tables_built_ = false;
  // activations of the last forward()
  SequenceBatch batch_;
  std::vector<std::int32_t> positions_;  // position of each token in its sequence (the batch's, or 0 … n−1)
  std::vector<std::size_t> prob_at_;  // offset of each sequence's [heads, n, n] in BlockActs::probs
  std::vector<BlockActs> acts_;
  std::vector<T> x_final_, lnf_, meanf_, rstdf_, logits_, dlogits_;
  // backward scratch
  std::vector<T> dx_, dln_, datt_, dqkv_, dact_, dscores_, bias_;
};

}  // namespace posenc::lab
