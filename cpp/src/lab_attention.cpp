#include "posenc/lab_attention.hpp"

#include <algorithm>
#include <cmath>

#include "kernels/matmul_kernel.hpp"

namespace posenc::lab {

using kernels::MatmulArgs;
using kernels::MatmulOp;

template <class T>
void attention_forward(const AttentionDims& d, Scheme<T>& scheme, int layer, const std::int32_t* positions, T* qkv,
                       T* probs, T* out, T* bias) {
  const int n = d.len, D = d.d_model, H = d.n_heads, dh = D / H;
  const long ld = 3L * D;
  const T scale = T(1) / std::sqrt(static_cast<T>(dh));
  const bool biased = scheme.has_bias(layer);
  scheme.qk_forward(layer, d, positions, qkv);
  for (int h = 0; h < H; ++h) {  // head
    const T* q = qkv + static_cast<long>(h) * dh;
    const T* k = q + D;
    const T* v = q + 2 * D;
    T* p = probs + static_cast<long>(h) * n * n;
    kernels::matmul(MatmulArgs<T>{MatmulOp::NT, n, n, dh, q, static_cast<int>(ld), k, static_cast<int>(ld), p, n, false});
    for (int i = 0; i < n; ++i) {  // query
      T* row = p + static_cast<long>(i) * n;
      for (int j = 0; j <= i; ++j) row[j] *= scale;  // key (causal: j ≤ i): s⁰_ij
      if (biased) {
        scheme.bias_row(layer, h, i, positions, ScoreRow<T>{q + static_cast<long>(i) * ld, k, ld, dh, scale, row}, bias);
        for (int j = 0; j <= i; ++j) row[j] += bias[j];
      }
      T mx = row[0];
      for (int j = 0; j <= i; ++j) mx = row[j] > mx ? row[j] : mx;
      T sum = 0;
      for (int j = 0; j <= i; ++j) {
        row[j] = std::exp(row[j] - mx);
        sum += row[j];
      }
      const T inv = T(1) / sum;
      for (int j = 0; j <= i; ++j) row[j] *= inv;
      for (int j = i + 1; j < n; ++j) row[j] = 0;
    }
    kernels::matmul(MatmulArgs<T>{MatmulOp::NN, n, dh, n, p, n, v, static_cast<int>(ld), out + static_cast<long>(h) * dh, D, false});
  }
}

template <class T>
void attention_backward(const AttentionDims& d, Scheme<T>& scheme, int layer, const std::int32_t* positions,
                        const T* qkv, const T* probs, const T* dout, T* dqkv, T* scratch) {
  const int n = d.len, D = d.d_model, H = d.n_heads, dh = D / H;
  const int ld = 3 * D;
  const T scale = T(1) / std::sqrt(static_cast<T>(dh));
  const bool biased = scheme.has_bias(layer);
  for (int h = 0; h < H; ++h) {  // head
    const T* q = qkv + static_cast<long>(h) * dh;
    const T* k = q + D;
    const T* v = q + 2 * D;
    T* dq = dqkv + static_cast<long>(h) * dh;
    T* dk = dq + D;
    T* dv = dq + 2 * D;
    const T* p = probs + static_cast<long>(h) * n * n;
    const T* dO = dout + static_cast<long>(h) * dh;
    T* ds = scratch;
    kernels::matmul(MatmulArgs<T>{MatmulOp::NT, n, n, dh, dO, D, v, ld, ds, n, false});   // dP = dO·Vᵀ
    kernels::matmul(MatmulArgs<T>{MatmulOp::TN, n, dh, n, p, n, dO, D, dv, ld, false});   // dV = Pᵀ·dO
    if (biased) {  // the bias may add ∂L/∂q_i directly; dQ = dS·K is added to it below
      for (int i = 0; i < n; ++i) std::fill(dq + static_cast<long>(i) * ld, dq + static_cast<long>(i) * ld + dh, T(0));
    }
    for (int i = 0; i < n; ++i) {  // query
      const T* pr = p + static_cast<long>(i) * n;
      T* dr = ds + static_cast<long>(i) * n;
      T dot = 0;
      for (int j = 0; j <= i; ++j) dot += pr[j] * dr[j];
      for (int j = 0; j <= i; ++j) dr[j] = pr[j] * (dr[j] - dot);  // key: ∂L/∂s_ij
      if (biased) {
        scheme.bias_row_backward(layer, h, i, positions, ScoreRow<T>{q + static_cast<long>(i) * ld, k, ld, dh, scale, nullptr},
                                 dr, dq + static_cast<long>(i) * ld);
      }
      for (int j = 0; j <= i; ++j) dr[j] *= scale;
      for (int j = i + 1; j < n; ++j) dr[j] = 0;
    }
    kernels::matmul(MatmulArgs<T>{MatmulOp::NN, n, dh, n, ds, n, k, ld, dq, ld, biased});  // dQ (+)= dS·K
    kernels::matmul(MatmulArgs<T>{MatmulOp::TN, n, dh, n, ds, n, q, ld, dk, ld, false});  // dK = dSᵀ·Q
  }
  scheme.qk_backward(layer, d, positions, dqkv);
}

#define POSENC_LAB_ATTENTION(T)                                                                                   \
  template void attention_forward<T>(const AttentionDims&, Scheme<T>&, int, const std::int32_t*, T*, T*, T*, T*); \
  template void attention_backward<T>(const AttentionDims&, Scheme<T>&, int, const std::int32_t*, const T*,       \
                                      const T*, const T*, T*, T*);

POSENC_LAB_ATTENTION(float)
POSENC_LAB_ATTENTION(double)

}  // namespace posenc::lab
