// Causal multi-head self-attention of one sequence, forward and backward, with the positional
// schemes that act on the scores (templated on the scalar type like lab_layers.hpp).
//
// For head h, query position i and key position j ≤ i (d_h = d_model / n_heads):
//   q_i, k_j = the encoding's qk step (rope: R(i·θ)·q_i, R(j·θ)·k_j), else q_i, k_j
//   s_ij = (q_i · k_j) / √d_h + bias(i, j)      (the encoding's bias row: t5, alibi, …; else 0;
//                                               it may read q_i, the keys and s⁰_ij = q_i·k_j/√d_h)
//   p_ij = softmax_j≤i(s_ij) (p_ij = 0 for j > i),   o_i = Σ_j p_ij v_j
// Layout: qkv is [len, 3·d_model] = [q | k | v], head h in columns h·d_h … h·d_h + d_h − 1 of each
// third; out is [len, d_model] with the heads side by side (the input of the output projection).
//
// Backward (standard softmax attention): dP = dO·Vᵀ, dV = Pᵀ·dO, dS_ij = p_ij·(dP_ij − Σ_j' p_ij'·dP_ij'),
// dQ = dS·K/√d_h, dK = dSᵀ·Q/√d_h, then the encoding's qk backward (rope: the transpose rotation);
// the encoding's bias gets dS row by row (t5: Σ dS over the (i, j) in each bucket), and may add to a
// row of dS (through s⁰) and to dq_i before dQ = dS·K is added.
#pragma once

#include <cstdint>

#include "posenc/lab_encoding.hpp"

namespace posenc::lab {

// qkv: q and k turned in place by the encoding (rope). probs: [heads, len, len]. out: [len, d_model].
// positions: of the sequence's tokens; bias: scratch of len values.
template <class T>
void attention_forward(const AttentionDims& d, Scheme<T>& scheme, int layer, const std::int32_t* positions, T* qkv,
                       T* probs, T* out, T* bias);

// qkv, probs: as the forward pass left them. dout: [len, d_model]. Writes dqkv [len, 3·d_model]
// (gradients of the unturned q, k and of v) and adds the encoding's own gradients; scratch: len·len values.
template <class T>
void attention_backward(const AttentionDims& d, Scheme<T>& scheme, int layer, const std::int32_t* positions,
                        const T* qkv, const T* probs, const T* dout, T* dqkv, T* scratch);

}  // namespace posenc::lab
