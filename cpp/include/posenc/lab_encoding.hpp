// An encoding of the lab is one unit: one file, cpp/src/lab_enc_<name>.cpp, holds its parameters,
// its checks, and its forward and backward passes; one line of POSENC_LAB_ENCODINGS (lab_config.hpp)
// lists it. Everything else reads that list: the network, validation, evaluation, the JS bindings
// (pe.lab.encodings and the page's selectors, through labInfo()) and the docs' tables.
//
// Where an encoding can act (docs/LAB.md, "Positional encodings"), all optional:
//   embed:  x_0 += PE[position]                         (sinusoidal, learned)
//   qk:     q, k of each head turned or scaled in place  (rope)
//   bias:   s_ij += b(layer, head, i, j)                (t5, alibi; cope reads q_i and the keys)
// Each hook receives the positions of the sequence's tokens, and each has its backward twin.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "posenc/frequencies.hpp"
#include "posenc/lab_config.hpp"
#include "posenc/status.hpp"

namespace posenc::lab {

// How a tensor starts (docs/LAB.md, "Parameters"): 0, 1, N(0, init_std²), N(0, (init_std/√(2N))²),
// N(0, embed_init_std²), U(a, b) (a + (b − a)·u, u uniform in [0, 1)), or the constant a.
enum class Init { Zero, One, Normal, NormalResidual, NormalEmbedding, Uniform, Constant };

// An initialisation with the numbers its kind needs (Uniform: a, b; Constant: a). Built from a bare
// Init where none are needed, and read as one.
struct InitSpec {
  Init kind = Init::Zero;
  double a = 0, b = 0;
  InitSpec(Init k = Init::Zero) : kind(k) {}  // NOLINT: implicit on purpose
  static InitSpec uniform(double lo, double hi) {
    InitSpec s(Init::Uniform);
    s.a = lo;
    s.b = hi;
    return s;
  }
  static InitSpec constant(double v) {
    InitSpec s(Init::Constant);
    s.a = v;
    return s;
  }
  operator Init() const { return kind; }  // NOLINT: implicit on purpose
};

// Adds a tensor to the parameter layout: name, shape, AdamW decay, initialisation.
using TensorSink = std::function<void(std::string name, std::vector<int> shape, bool decay, InitSpec init)>;
// A tensor of the layout by name, in a flat buffer (parameters or their gradients).
template <class T>
using TensorFinder = std::function<T*(const std::string& name)>;

struct AttentionDims {
  int d_model = 0;
  int n_heads = 0;
  int len = 0;
};

// What a bias row may read besides positions: query i of one head and that head's keys (as the qk
// hook left them), and in the forward pass the row's scores before any bias. A bias that depends on
// content (CoPE's gates σ(q_i·k_j/√d_h)) reads them; the others ignore them.
template <class T>
struct ScoreRow {
  const T* q = nullptr;       // q_i (head_dim values)
  const T* k = nullptr;       // k_0 of the head; k_j at k + j·ld
  long ld = 0;
  int head_dim = 0;
  T scale = 1;                // 1/√d_h
  const T* scores = nullptr;  // forward only: s⁰_ij = q_i·k_j/√d_h for j ≤ i; null in the backward pass
};

// One network's instance of an encoding: its tables, and pointers to its tensors.
template <class T>
class Scheme {
 public:
  virtual ~Scheme() = default;
  // Its tensors (those it added to the layout) in the parameter and gradient buffers.
  virtual void bind(const TensorFinder<T>& /*params*/, const TensorFinder<T>& /*grads*/) {}
  // Position tables for positions 0 … positions − 1 (called when the network's capacity grows).
  virtual void tables(int /*positions*/) {}
  // x[t] += PE[positions[t]] for the n tokens of a batch (rows of d_model), and ∂L/∂ its tensors.
  virtual void embed_forward(int /*n*/, int /*d_model*/, const std::int32_t* /*positions*/, T* /*x*/) {}
  virtual void embed_backward(int /*n*/, int /*d_model*/, const std::int32_t* /*positions*/, const T* /*dx*/) {}
  // q and k of one sequence in place (qkv: [len, 3·d_model]); backward: their gradients, in place.
  virtual void qk_forward(int /*layer*/, const AttentionDims& /*d*/, const std::int32_t* /*positions*/, T* /*qkv*/) {}
  virtual void qk_backward(int /*layer*/, const AttentionDims& /*d*/, const std::int32_t* /*positions*/, T* /*dqkv*/) {}
  // The score term of query i against keys 0 … i of head `head`: bias[j] for j ≤ i.
  virtual bool has_bias(int /*layer*/) const { return false; }
  virtual void bias_row(int /*layer*/, int /*head*/, int /*i*/, const std::int32_t* /*positions*/,
                        const ScoreRow<T>& /*row*/, T* /*bias*/) const {}
  // dscores[j] = ∂L/∂s_ij for j ≤ i on entry: into the bias's tensors. A bias that reads the row's
  // scores s⁰_ij adds its path through them to dscores (read every entry before changing any); one
  // that reads q_i adds ∂L/∂q_i to dq (head_dim values). The attention then carries dscores to q and k.
  virtual void bias_row_backward(int /*layer*/, int /*head*/, int /*i*/, const std::int32_t* /*positions*/,
                                 const ScoreRow<T>& /*row*/, T* /*dscores*/, T* /*dq*/) {}
  // RoPE family: the frequencies and attention factor (evaluation stretches swap them).
  virtual void set_frequencies(const Frequencies& /*f*/) {}
  // For showing, not training: the positions a unit counted for query i of a head (CoPE: p_ij for
  // j ≤ i, from the row's scores); false where the unit counts nothing (every other one).
  virtual bool counted_positions(int /*layer*/, int /*head*/, int /*i*/, const ScoreRow<T>& /*row*/, T* /*out*/) const {
    return false;
  }
  virtual std::size_t memory_bytes() const { return 0; }
};

// One encoding, as the list holds it.
struct EncodingUnit {
  const char* name;    // as in pe.lab.encodings
  const char* source;  // the paper (and section) or code it follows
  bool stretchable;    // PI, NTK-aware, YaRN apply at evaluation (RoPE's frequencies)
  // The longest sequence it can encode (a learned table: its rows); otherwise kMaxLength.
  int (*max_length)(const ModelConfig& m);
  Status (*validate)(const ModelConfig& m);
  void (*tensors)(const ModelConfig& m, const TensorSink& add);
  std::unique_ptr<Scheme<float>> (*make_float)(const ModelConfig& m);
  std::unique_ptr<Scheme<double>> (*make_double)(const ModelConfig& m);
  // Fills the unit's fields left at 0 ("from the training length", as n_max is) before validation;
  // null: nothing to fill.
  void (*resolve)(ModelConfig& m, int train_length) = nullptr;
  // Whether the hooks read the positions they are given (randomized positions apply to it); NoPE and
  // CoPE read none.
  bool reads_positions = true;
};

const EncodingUnit& unit(Encoding e);
template <class T>
std::unique_ptr<Scheme<T>> make_scheme(const ModelConfig& m);

// Defaults for a unit's fields.
inline int any_length(const ModelConfig&) { return kMaxLength; }
inline Status no_checks(const ModelConfig&) { return Status::success(); }
inline void no_tensors(const ModelConfig&, const TensorSink&) {}
template <template <class> class S>
std::unique_ptr<Scheme<float>> make_f(const ModelConfig& m) {
  return std::make_unique<S<float>>(m);
}
template <template <class> class S>
std::unique_ptr<Scheme<double>> make_d(const ModelConfig& m) {
  return std::make_unique<S<double>>(m);
}

}  // namespace posenc::lab
