#include "posenc/lab_attention.hpp"

#include <cmath>

#include "kernels/matmul_kernel.hpp"

namespace posenc::lab {

using kernels::MatmulArgs;
using kernels::MatmulOp;

template <class T>
void rope_rotate(int len, int n_heads, int head_dim, T* x, long ld, const T* cos, const T* sin, RopeLayout layout,
                 bool transpose) {
  const int pairs = head_dim / 2;
  const T sign = transpose ? T(-1) : T(1);
  for (int p = 0; p < len; ++p) {  // position
    const T* c = cos + static_cast<long>(p) * pairs;
    const T* s = sin + static_cast<long>(p) * pairs;
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

namespace {

// The additive score term for distance d = i − j ≥ 0 of head h.
template <class T>
T score_bias(const PositionTerms<T>& pt, int n_heads, int h, int d) {
  switch (pt.encoding) {
    case Encoding::T5: return pt.t5_table[static_cast<long>(pt.t5_bucket[d]) * n_heads + h];
    case Encoding::Alibi: return -pt.alibi_slopes[h] * static_cast<T>(d);
    default: return T(0);
  }
}

}  // namespace

template <class T>
void attention_forward(const AttentionDims& d, const PositionTerms<T>& pt, T* qkv, T* probs, T* out) {
  const int n = d.len, D = d.d_model, H = d.n_heads, dh = D / H;
  const long ld = 3L * D;
  const T scale = T(1) / std::sqrt(static_cast<T>(dh));
  if (pt.encoding == Encoding::Rope) {
    rope_rotate(n, H, dh, qkv, ld, pt.rope_cos, pt.rope_sin, pt.layout, false);      // q
    rope_rotate(n, H, dh, qkv + D, ld, pt.rope_cos, pt.rope_sin, pt.layout, false);  // k
  }
  for (int h = 0; h < H; ++h) {  // head
    const T* q = qkv + static_cast<long>(h) * dh;
    const T* k = q + D;
    const T* v = q + 2 * D;
    T* p = probs + static_cast<long>(h) * n * n;
    kernels::matmul(MatmulArgs<T>{MatmulOp::NT, n, n, dh, q, static_cast<int>(ld), k, static_cast<int>(ld), p, n, false});
    for (int i = 0; i < n; ++i) {  // query
      T* row = p + static_cast<long>(i) * n;
      T mx = row[0] * scale + score_bias(pt, H, h, i);
      for (int j = 0; j <= i; ++j) {  // key (causal: j ≤ i)
        row[j] = row[j] * scale + score_bias(pt, H, h, i - j);
        mx = row[j] > mx ? row[j] : mx;
      }
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
void attention_backward(const AttentionDims& d, const PositionTerms<T>& pt, const T* qkv, const T* probs,
                        const T* dout, T* dqkv, T* scratch) {
  const int n = d.len, D = d.d_model, H = d.n_heads, dh = D / H;
  const int ld = 3 * D;
  const T scale = T(1) / std::sqrt(static_cast<T>(dh));
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
    for (int i = 0; i < n; ++i) {  // query
      const T* pr = p + static_cast<long>(i) * n;
      T* dr = ds + static_cast<long>(i) * n;
      T dot = 0;
      for (int j = 0; j <= i; ++j) dot += pr[j] * dr[j];
      for (int j = 0; j <= i; ++j) {  // key
        const T g = pr[j] * (dr[j] - dot);
        if (pt.encoding == Encoding::T5) pt.t5_grad[static_cast<long>(pt.t5_bucket[i - j]) * H + h] += g;
        dr[j] = g * scale;
      }
      for (int j = i + 1; j < n; ++j) dr[j] = 0;
    }
    kernels::matmul(MatmulArgs<T>{MatmulOp::NN, n, dh, n, ds, n, k, ld, dq, ld, false});  // dQ = dS·K
    kernels::matmul(MatmulArgs<T>{MatmulOp::TN, n, dh, n, ds, n, q, ld, dk, ld, false});  // dK = dSᵀ·Q
  }
  if (pt.encoding == Encoding::Rope) {
    rope_rotate(n, H, dh, dqkv, ld, pt.rope_cos, pt.rope_sin, pt.layout, true);
    rope_rotate(n, H, dh, dqkv + D, ld, pt.rope_cos, pt.rope_sin, pt.layout, true);
  }
}

#define POSENC_LAB_ATTENTION(T)                                                                                \
  template void rope_rotate<T>(int, int, int, T*, long, const T*, const T*, RopeLayout, bool);                \
  template void attention_forward<T>(const AttentionDims&, const PositionTerms<T>&, T*, T*, T*);              \
  template void attention_backward<T>(const AttentionDims&, const PositionTerms<T>&, const T*, const T*,      \
                                      const T*, T*, T*);

POSENC_LAB_ATTENTION(float)
POSENC_LAB_ATTENTION(double)

}  // namespace posenc::lab
