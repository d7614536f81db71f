// cope: Contextual Position Encoding (Golovneva et al. 2024, "Contextual Position Encoding: Learning to
// Count What's Important", §3; ContextPosSelfAttn in facebookresearch/RAM projects/cope, followed to the
// letter with its defaults). Positions are counted from content, per query i of each head:
//   g_it  = σ(q_i·k_t/√d_h)                          gates, t ≤ i (the scores before any bias)
//   p_ij  = min(Σ_{t=j..i} g_it, P − 1)              a fractional count of the gated keys from j to i
//   z_ij  = (1 − w)·q_i·e[⌊p_ij⌋] + w·q_i·e[⌈p_ij⌉],   w = p_ij − ⌊p_ij⌋
//   s_ij  = (q_i·k_j + z_ij)/√d_h                     (the code adds z before its 1/√d_h scale)
// e: [d_h, P] position embeddings per block (shared by the heads of a block), starting at 0; P =
// cope_npos (the code's default: block size + 1; here 0 means L_train + 1). The count reads no
// token index: CoPE ignores the positions it is given.
#include <algorithm>
#include <cmath>
#include <string>

#include "posenc/lab_encoding.hpp"
#include "posenc/limits.hpp"

namespace posenc::lab {

namespace {

template <class T>
class ContextPositions : public Scheme<T> {
 public:
  explicit ContextPositions(const ModelConfig& m)
      : npos_(m.cope_npos), head_dim_(m.head_dim()), e_(static_cast<std::size_t>(m.n_layers)),
        ge_(static_cast<std::size_t>(m.n_layers)), a_(static_cast<std::size_t>(m.cope_npos)),
        coef_(static_cast<std::size_t>(m.cope_npos)) {}
  void bind(const TensorFinder<T>& params, const TensorFinder<T>& grads) override {
    for (std::size_t l = 0; l < e_.size(); ++l) {
      e_[l] = params(name(static_cast<int>(l)));
      ge_[l] = grads(name(static_cast<int>(l)));
    }
  }
  void tables(int positions) override {
    gate_.resize(static_cast<std::size_t>(positions));
    count_.resize(static_cast<std::size_t>(positions));
  }
  bool has_bias(int) const override { return true; }
  void bias_row(int layer, int, int i, const std::int32_t*, const ScoreRow<T>& r, T* bias) const override {
    counts(i, r);
    logits(e_[static_cast<std::size_t>(layer)], r.q, count_[0]);
    for (int j = 0; j <= i; ++j) {  // key
      const T p = count_[static_cast<std::size_t>(j)];
      const int f = static_cast<int>(std::floor(p));
      const T w = p - static_cast<T>(f);
      const T z = w > 0 ? (1 - w) * a_[static_cast<std::size_t>(f)] + w * a_[static_cast<std::size_t>(f) + 1]
                        : a_[static_cast<std::size_t>(f)];
      bias[j] = z * r.scale;
    }
  }
  void bias_row_backward(int layer, int, int i, const std::int32_t*, const ScoreRow<T>& r, T* ds, T* dq) override {
    const T* e = e_[static_cast<std::size_t>(layer)];
    T* ge = ge_[static_cast<std::size_t>(layer)];
    counts(i, r);  // the scores are not kept: recomputed from q_i and the keys
    logits(e, r.q, count_[0]);
    std::fill(coef_.begin(), coef_.end(), T(0));
    T prefix = 0;                   // Σ_{j ≤ t} ∂L/∂p_ij: each gate g_it counts for every j ≤ t
    for (int t = 0; t <= i; ++t) {  // key, in order: ds[t] is read before it is changed
      const T dz = ds[t] * r.scale;
      const T p = count_[static_cast<std::size_t>(t)];
      const int f = static_cast<int>(std::floor(p));
      const T w = p - static_cast<T>(f);
      coef_[static_cast<std::size_t>(f)] += dz * (1 - w);
      if (w > 0) coef_[static_cast<std::size_t>(f) + 1] += dz * w;
      if (!clamped_[static_cast<std::size_t>(t)] && f + 1 < npos_) {
        prefix += dz * (a_[static_cast<std::size_t>(f) + 1] - a_[static_cast<std::size_t>(f)]);
      }
      const T g = gate_[static_cast<std::size_t>(t)];
      ds[t] += g * (1 - g) * prefix;  // ∂L/∂s⁰_it through the gate
    }
    for (int c = 0; c < npos_; ++c) {  // position embedding: z = Σ_c coef_c·q_i·e[c]
      const T k = coef_[static_cast<std::size_t>(c)];
      if (k == 0) continue;
      for (int d = 0; d < head_dim_; ++d) {
        ge[static_cast<long>(d) * npos_ + c] += k * r.q[d];
        dq[d] += k * e[static_cast<long>(d) * npos_ + c];
      }
    }
  }
  bool counted_positions(int, int, int i, const ScoreRow<T>& r, T* out) const override {
    counts(i, r);
    std::copy(count_.begin(), count_.begin() + i + 1, out);
    return true;
  }
  std::size_t memory_bytes() const override {
    return (gate_.capacity() + count_.capacity() + a_.capacity() + coef_.capacity()) * sizeof(T) + clamped_.capacity() / 8;
  }

 private:
  static std::string name(int l) { return "cope." + std::to_string(l) + ".pos_emb"; }
  // Gates of row i from its scores (forward) or from q_i and the keys (backward), then the counts
  // p_ij, summed from the query back to each key.
  void counts(int i, const ScoreRow<T>& r) const {
    if (gate_.size() < static_cast<std::size_t>(i) + 1) {
      gate_.resize(static_cast<std::size_t>(i) + 1);
      count_.resize(static_cast<std::size_t>(i) + 1);
    }
    clamped_.resize(static_cast<std::size_t>(i) + 1);
    for (int t = 0; t <= i; ++t) {  // key
      T s = 0;
      if (r.scores != nullptr) {
        s = r.scores[t];
      } else {
        for (int d = 0; d < r.head_dim; ++d) s += r.q[d] * r.k[t * r.ld + d];
        s *= r.scale;
      }
      gate_[static_cast<std::size_t>(t)] = T(1) / (T(1) + std::exp(-s));
    }
    T sum = 0;
    const T top = static_cast<T>(npos_ - 1);
    for (int j = i; j >= 0; --j) {  // key, from the query back
      sum += gate_[static_cast<std::size_t>(j)];
      clamped_[static_cast<std::size_t>(j)] = sum > top;
      count_[static_cast<std::size_t>(j)] = sum > top ? top : sum;
    }
  }
  // a_c = q_i·e[c] for the positions the row reaches (c ≤ ⌈largest count⌉).
  void logits(const T* e, const T* q, T largest) const {
    const int last = std::min(npos_ - 1, static_cast<int>(std::ceil(largest)));
    for (int c = 0; c <= last; ++c) {
      T a = 0;
      for (int d = 0; d < head_dim_; ++d) a += q[d] * e[static_cast<long>(d) * npos_ + c];
      a_[static_cast<std::size_t>(c)] = a;
    }
  }

  int npos_, head_dim_;
  std::vector<const T*> e_;
  std::vector<T*> ge_;
  mutable std::vector<T> gate_, count_, a_, coef_;
  mutable std::vector<bool> clamped_;
};

void embedding_tensors(const ModelConfig& m, const TensorSink& add) {
  for (int l = 0; l < m.n_layers; ++l) add("cope." + std::to_string(l) + ".pos_emb", {m.head_dim(), m.cope_npos}, false, Init::Zero);
}

Status cope_config(const ModelConfig& m) { return check_integer("cope_npos", m.cope_npos, 2, kMaxLength + 1); }

void one_past_train_length(ModelConfig& m, int train_length) {
  if (m.cope_npos == 0) m.cope_npos = train_length + 1;
}

}  // namespace

extern const EncodingUnit unit_Cope = {
    "cope", "Golovneva et al. 2024, \"Contextual Position Encoding\", §3 (facebookresearch/RAM, projects/cope)", false,
    any_length, cope_config, embedding_tensors, make_f<ContextPositions>, make_d<ContextPositions>, one_past_train_length,
    false,
};

}  // namespace posenc::lab
