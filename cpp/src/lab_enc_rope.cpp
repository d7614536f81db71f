// rope: q and k of every head turned by position·θ_i per plane, θ_i = rope_base^(−2i/d_h), in the
// rope_layout's pairing (Su et al. 2021, "RoFormer", §3.2–3.4; half: GPT-NeoX / rotate_half).
// Evaluation may stretch the frequencies (PI, NTK-aware, YaRN: lab.hpp, RopeStretch).
#include <cmath>

#include "posenc/lab_encoding.hpp"
#include "posenc/rope.hpp"

namespace posenc::lab {

namespace {

// For each token p, head h, plane i with coordinates (a, b) (rope.hpp's plane()):
// (x_a, x_b) ← (x_a·c − x_b·s, x_a·s + x_b·c), c, s = cos/sin[pos[p], i]. transpose: (c, −s), R(θ)ᵀ,
// which maps ∂L/∂(rotated) to ∂L/∂(unrotated).
template <class T>
void rotate(int len, int n_heads, int head_dim, T* x, long ld, const std::int32_t* pos, const T* cos, const T* sin,
            RopeLayout layout, bool transpose) {
  const int pairs = head_dim / 2;
  const T sign = transpose ? T(-1) : T(1);
  for (int p = 0; p < len; ++p) {  // token
    const T* c = cos + static_cast<long>(pos[p]) * pairs;
    const T* s = sin + static_cast<long>(pos[p]) * pairs;
    for (int h = 0; h < n_heads; ++h) {  // head
      T* xh = x + p * ld + static_cast<long>(h) * head_dim;
      for (int i = 0; i < pairs; ++i) {  // plane
        const auto [ia, ib] = plane(i, head_dim, layout);
        const T a = xh[ia], b = xh[ib], si = sign * s[i];
        xh[ia] = a * c[i] - b * si;
        xh[ib] = a * si + b * c[i];
      }
    }
  }
}

template <class T>
class Rotary : public Scheme<T> {
 public:
  explicit Rotary(const ModelConfig& m) : head_dim_(m.head_dim()), layout_(m.rope_layout) {
    freq_.inv_freq = default_inv_freq(head_dim_, m.rope_base);
  }
  void tables(int positions) override {
    positions_ = positions;
    const int pairs = head_dim_ / 2;
    cos_.assign(static_cast<std::size_t>(positions) * pairs, T(0));
    sin_.assign(cos_.size(), T(0));
    for (int p = 0; p < positions; ++p) {  // position
      for (int i = 0; i < pairs; ++i) {    // plane: angle formed in float64, as everywhere in posenc
        const double a = static_cast<double>(p) * freq_.inv_freq[static_cast<std::size_t>(i)];
        cos_[static_cast<std::size_t>(p) * pairs + i] = static_cast<T>(std::cos(a) * freq_.attention_factor);
        sin_[static_cast<std::size_t>(p) * pairs + i] = static_cast<T>(std::sin(a) * freq_.attention_factor);
      }
    }
  }
  void set_frequencies(const Frequencies& f) override {
    freq_ = f;
    tables(positions_);
  }
  void qk_forward(int, const AttentionDims& d, const std::int32_t* pos, T* qkv) override {
    turn(d, pos, qkv, false);
  }
  void qk_backward(int, const AttentionDims& d, const std::int32_t* pos, T* dqkv) override {
    turn(d, pos, dqkv, true);
  }
  std::size_t memory_bytes() const override { return (cos_.capacity() + sin_.capacity()) * sizeof(T); }

 private:
  void turn(const AttentionDims& d, const std::int32_t* pos, T* qkv, bool transpose) const {
    const long ld = 3L * d.d_model;
    rotate(d.len, d.n_heads, head_dim_, qkv, ld, pos, cos_.data(), sin_.data(), layout_, transpose);            // q
    rotate(d.len, d.n_heads, head_dim_, qkv + d.d_model, ld, pos, cos_.data(), sin_.data(), layout_, transpose);  // k
  }

  int head_dim_;
  RopeLayout layout_;
  Frequencies freq_;
  int positions_ = 0;
  std::vector<T> cos_, sin_;  // [position, plane], times the attention factor
};

Status rotary_config(const ModelConfig& m) {
  if (m.head_dim() % 2 != 0) {
    return Status::range("head dimension d_model / n_heads must be even for RoPE, got " + std::to_string(m.head_dim()));
  }
  if (m.rope_layout != RopeLayout::Interleaved && m.rope_layout != RopeLayout::Half) {
    return Status::range("rope_layout must be interleaved or half");
  }
  return check_base(m.rope_base, "rope_base");
}

}  // namespace

extern const EncodingUnit unit_Rope = {
    "rope", "Su et al. 2021, RoFormer, §3.2–3.4", true, any_length, rotary_config, no_tensors,
    make_f<Rotary>, make_d<Rotary>,
};

}  // namespace posenc::lab
