// Causal multi-head self-attention of one sequence, forward and backward, with the positional
// schemes that act on the scores (templated on the scalar type like lab_layers.hpp).
//
// For head h, query position i and key position j ≤ i (d_h = d_model / n_heads):
//   q_i, k_j = rope ? R(i·θ)·q_i, R(j·θ)·k_j : q_i, k_j        (rotation per plane, lab_rope)
//   s_ij = (q_i · k_j) / √d_h + bias_h(i − j)
//     t5:    bias_h(d) = table[bucket(−d), h], T5's causal _relative_position_bucket (t5_bucket)
//     alibi: bias_h(d) = −m_h·d, m_h from alibi_slopes
//     other: 0
//   p_ij = softmax_j≤i(s_ij) (p_ij = 0 for j > i),   o_i = Σ_j p_ij v_j
// Layout: qkv is [len, 3·d_model] = [q | k | v], head h in columns h·d_h … h·d_h + d_h − 1 of each
// third; out is [len, d_model] with the heads side by side (the input of the output projection).
//
// Backward (standard softmax attention): dP = dO·Vᵀ, dV = Pᵀ·dO, dS_ij = p_ij·(dP_ij − Σ_j' p_ij'·dP_ij'),
// dQ = dS·K/√d_h, dK = dSᵀ·Q/√d_h, then the transpose rotation for RoPE; the T5 table gets Σ dS
// over the (i, j) in each bucket.
#pragma once

#include <cstdint>

#include "posenc/lab_config.hpp"
#include "posenc/rope.hpp"

namespace posenc::lab {

template <class T>
struct PositionTerms {
  Encoding encoding = Encoding::None;
  // rope: rope_cos/sin[p·(d_h/2) + i] = cos/sin(p·θ_i)·attention_factor for p < positions
  const T* rope_cos = nullptr;
  const T* rope_sin = nullptr;
  RopeLayout layout = RopeLayout::Interleaved;
  // t5: t5_bucket[d] for distances d = i − j < positions; t5_table [buckets × heads]
  const std::int32_t* t5_bucket = nullptr;
  const T* t5_table = nullptr;
  T* t5_grad = nullptr;  // backward adds here
  // alibi: one slope per head
  const T* alibi_slopes = nullptr;
  int positions = 0;  // longest sequence the tables cover
};

struct AttentionDims {
  int d_model = 0;
  int n_heads = 0;
  int len = 0;
};

// RoPE on the q (or k) third of qkv: for position p, head h, plane i with coordinates (a, b)
// (rope.hpp's plane()): (x_a, x_b) ← (x_a·c − x_b·s, x_a·s + x_b·c), c, s = rope_cos/sin[p, i].
// transpose: (c, −s), R(θ)ᵀ, which maps ∂L/∂(rotated) to ∂L/∂(unrotated).
template <class T>
void rope_rotate(int len, int n_heads, int head_dim, T* x, long ld, const T* cos, const T* sin, RopeLayout layout,
                 bool transpose);

// qkv: rotated in place (rope). probs: [heads, len, len]. out: [len, d_model].
template <class T>
void attention_forward(const AttentionDims& d, const PositionTerms<T>& pt, T* qkv, T* probs, T* out);

// qkv, probs: as the forward pass left them. dout: [len, d_model]. Writes dqkv [len, 3·d_model]
// (gradients of the unrotated q, k and of v); scratch: len·len values.
template <class T>
void attention_backward(const AttentionDims& d, const PositionTerms<T>& pt, const T* qkv, const T* probs,
                        const T* dout, T* dqkv, T* scratch);

}  // namespace posenc::lab
