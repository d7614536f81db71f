// RoPE's rotation of q and k, shared by the lab's rotary encodings (rope, and the units built on it):
// cos/sin tables by position and plane, and the turn of one sequence's q and k in place.
//
// For each token t, head h, plane i with coordinates (a, b) (rope.hpp's plane()):
//   (x_a, x_b) ← (x_a·c − x_b·s, x_a·s + x_b·c),  c, s = cos, sin(pos[t]·θ_i) · attention factor
// transpose: (c, −s), R(θ)ᵀ, which maps ∂L/∂(turned) to ∂L/∂(unturned). Angles are formed in
// float64 (pos·θ_i), then cos and sin are rounded to T, as everywhere in posenc.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "posenc/frequencies.hpp"
#include "posenc/lab_encoding.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

namespace posenc::lab {

// Turns the heads of x (rows of ld values, head h at columns h·head_dim …) of len tokens.
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

// cos and sin of pos·θ_i (times the attention factor) for positions 0 … positions − 1.
template <class T>
class RotaryTables {
 public:
  RotaryTables(int head_dim, RopeLayout layout, Frequencies f) : head_dim_(head_dim), layout_(layout), freq_(std::move(f)) {}

  void resize(int positions) {
    positions_ = positions;
    const int pairs = head_dim_ / 2;
    cos_.assign(static_cast<std::size_t>(positions) * pairs, T(0));
    sin_.assign(cos_.size(), T(0));
    for (int p = 0; p < positions; ++p) {  // position
      for (int i = 0; i < pairs; ++i) {    // plane: angle formed in float64
        const double a = static_cast<double>(p) * freq_.inv_freq[static_cast<std::size_t>(i)];
        cos_[static_cast<std::size_t>(p) * pairs + i] = static_cast<T>(std::cos(a) * freq_.attention_factor);
        sin_[static_cast<std::size_t>(p) * pairs + i] = static_cast<T>(std::sin(a) * freq_.attention_factor);
      }
    }
  }
  void set_frequencies(const Frequencies& f) {
    freq_ = f;
    resize(positions_);
  }
  // q and k of one sequence (qkv: [len, 3·d_model]), turned in place (transpose: the backward pass).
  void turn(const AttentionDims& d, const std::int32_t* pos, T* qkv, bool transpose) const {
    const long ld = 3L * d.d_model;
    rotate(d.len, d.n_heads, head_dim_, qkv, ld, pos, cos_.data(), sin_.data(), layout_, transpose);            // q
    rotate(d.len, d.n_heads, head_dim_, qkv + d.d_model, ld, pos, cos_.data(), sin_.data(), layout_, transpose);  // k
  }
  const Frequencies& frequencies() const { return freq_; }
  std::size_t memory_bytes() const { return (cos_.capacity() + sin_.capacity()) * sizeof(T); }

 private:
  int head_dim_;
  RopeLayout layout_;
  Frequencies freq_;
  int positions_ = 0;
  std::vector<T> cos_, sin_;  // [position, plane], times the attention factor
};

// The checks every rotary unit shares: an even head dimension, a known layout, a valid base.
inline Status rotary_config(const ModelConfig& m) {
  if (m.head_dim() % 2 != 0) {
    return Status::range("head dimension d_model / n_heads must be even for RoPE, got " + std::to_string(m.head_dim()));
  }
  if (m.rope_layout != RopeLayout::Interleaved && m.rope_layout != RopeLayout::Half) {
    return Status::range("rope_layout must be interleaved or half");
  }
  return check_base(m.rope_base, "rope_base");
}

}  // namespace posenc::lab
