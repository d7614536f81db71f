#include "posenc/lab_layers.hpp"

#include <cmath>
#include <type_traits>

#include "kernels/elementwise_kernel.hpp"
#include "kernels/matmul_kernel.hpp"

namespace posenc::lab {

using kernels::MatmulArgs;
using kernels::MatmulOp;

template <class T>
void layernorm_forward(int rows, int dim, T eps, const T* x, const T* g, const T* b, T* y, T* mean, T* rstd) {
  const T inv_dim = T(1) / static_cast<T>(dim);
  for (int r = 0; r < rows; ++r) {  // token
    const T* xr = x + static_cast<long>(r) * dim;
    T* yr = y + static_cast<long>(r) * dim;
    T s = 0;
    for (int i = 0; i < dim; ++i) s += xr[i];
    const T mu = s * inv_dim;
    T v = 0;
    for (int i = 0; i < dim; ++i) v += (xr[i] - mu) * (xr[i] - mu);
    const T rs = T(1) / std::sqrt(v * inv_dim + eps);
    for (int i = 0; i < dim; ++i) yr[i] = (xr[i] - mu) * rs * g[i] + b[i];  // channel
    mean[r] = mu;
    rstd[r] = rs;
  }
}

template <class T>
void layernorm_backward(int rows, int dim, const T* x, const T* g, const T* mean, const T* rstd, const T* dy, T* dx,
                        T* dg, T* db, bool accumulate_dx) {
  const T inv_dim = T(1) / static_cast<T>(dim);
  for (int r = 0; r < rows; ++r) {  // token
    const T* xr = x + static_cast<long>(r) * dim;
    const T* dyr = dy + static_cast<long>(r) * dim;
    T* dxr = dx + static_cast<long>(r) * dim;
    const T mu = mean[r], rs = rstd[r];
    T sum_dxh = 0, sum_dxh_xh = 0;
    for (int i = 0; i < dim; ++i) {  // channel
      const T xh = (xr[i] - mu) * rs;
      const T dxh = dyr[i] * g[i];
      sum_dxh += dxh;
      sum_dxh_xh += dxh * xh;
      dg[i] += dyr[i] * xh;
      db[i] += dyr[i];
    }
    const T m1 = sum_dxh * inv_dim, m2 = sum_dxh_xh * inv_dim;
    for (int i = 0; i < dim; ++i) {
      const T xh = (xr[i] - mu) * rs;
      const T d = rs * (dyr[i] * g[i] - m1 - xh * m2);
      dxr[i] = accumulate_dx ? dxr[i] + d : d;
    }
  }
}

template <class T>
void linear_forward(int rows, int in, int out, const T* x, const T* w, const T* b, T* y, bool accumulate_y) {
  kernels::matmul(MatmulArgs<T>{MatmulOp::NN, rows, out, in, x, in, w, out, y, out, accumulate_y});
  for (int r = 0; r < rows; ++r) {  // token
    T* yr = y + static_cast<long>(r) * out;
    for (int j = 0; j < out; ++j) yr[j] += b[j];
  }
}

template <class T>
void linear_backward(int rows, int in, int out, const T* x, const T* w, const T* dy, T* dx, T* dw, T* db,
                     bool accumulate_dx) {
  kernels::matmul(MatmulArgs<T>{MatmulOp::NT, rows, in, out, dy, out, w, out, dx, in, accumulate_dx});
  kernels::matmul(MatmulArgs<T>{MatmulOp::TN, in, out, rows, x, in, dy, out, dw, out, true});
  for (int r = 0; r < rows; ++r) {  // token
    const T* dyr = dy + static_cast<long>(r) * out;
    for (int j = 0; j < out; ++j) db[j] += dyr[j];
  }
}

// float32: the v128 kernels (elementwise_kernel.hpp); float64: the same definition as a plain loop.
template <class T>
void relu_forward(long n, const T* x, T* y) {
  if constexpr (std::is_same_v<T, float>) {
    kernels::relu_forward_simd(n, x, y);
  } else {
    for (long i = 0; i < n; ++i) y[i] = x[i] > T(0) ? x[i] : T(0);
  }
}

template <class T>
void relu_backward(long n, const T* x, const T* dy, T* dx) {
  if constexpr (std::is_same_v<T, float>) {
    kernels::relu_backward_simd(n, x, dy, dx);
  } else {
    for (long i = 0; i < n; ++i) dx[i] = x[i] > T(0) ? dy[i] : T(0);
  }
}

template <class T>
double cross_entropy(int rows, int vocab, const T* logits, const std::int32_t* targets, T* dlogits) {
  int scored = 0;
  for (int r = 0; r < rows; ++r) scored += targets[r] >= 0 ? 1 : 0;
  const T inv = scored > 0 ? T(1) / static_cast<T>(scored) : T(0);
  double total = 0;
  for (int r = 0; r < rows; ++r) {  // token
    const T* z = logits + static_cast<long>(r) * vocab;
    T* dz = dlogits + static_cast<long>(r) * vocab;
    if (targets[r] < 0) {
      for (int v = 0; v < vocab; ++v) dz[v] = 0;
      continue;
    }
    T zmax = z[0];
    for (int v = 1; v < vocab; ++v) zmax = z[v] > zmax ? z[v] : zmax;
    T sum = 0;
    for (int v = 0; v < vocab; ++v) {  // vocabulary
      dz[v] = std::exp(z[v] - zmax);
      sum += dz[v];
    }
    const T inv_sum = T(1) / sum;
    for (int v = 0; v < vocab; ++v) dz[v] *= inv_sum * inv;
    dz[targets[r]] -= inv;
    total += static_cast<double>(std::log(sum) + zmax - z[targets[r]]);
  }
  return scored > 0 ? total / scored : 0.0;
}

template <class T>
void embedding_forward(int rows, int dim, const std::int32_t* index, const T* table, T* out, bool accumulate) {
  for (int r = 0; r < rows; ++r) {  // token
    const T* src = table + static_cast<long>(index[r]) * dim;
    T* dst = out + static_cast<long>(r) * dim;
    for (int i = 0; i < dim; ++i) dst[i] = accumulate ? dst[i] + src[i] : src[i];
  }
}

template <class T>
void embedding_backward(int rows, int dim, const std::int32_t* index, const T* dout, T* dtable) {
  for (int r = 0; r < rows; ++r) {  // token, in order: the sums do not depend on anything but the data
    T* dst = dtable + static_cast<long>(index[r]) * dim;
    const T* src = dout + static_cast<long>(r) * dim;
    for (int i = 0; i < dim; ++i) dst[i] += src[i];
  }
}

#define POSENC_LAB_LAYERS(T)                                                                                  \
  template void layernorm_forward<T>(int, int, T, const T*, const T*, const T*, T*, T*, T*);                 \
  template void layernorm_backward<T>(int, int, const T*, const T*, const T*, const T*, const T*, T*, T*, T*, \
                                      bool);                                                                  \
  template void linear_forward<T>(int, int, int, const T*, const T*, const T*, T*, bool);                    \
  template void linear_backward<T>(int, int, int, const T*, const T*, const T*, T*, T*, T*, bool);           \
  template void relu_forward<T>(long, const T*, T*);                                                          \
  template void relu_backward<T>(long, const T*, const T*, T*);                                               \
  template double cross_entropy<T>(int, int, const T*, const std::int32_t*, T*);                              \
  template void embedding_forward<T>(int, int, const std::int32_t*, const T*, T*, bool);                     \
  template void embedding_backward<T>(int, int, const std::int32_t*, const T*, T*);

POSENC_LAB_LAYERS(float)
POSENC_LAB_LAYERS(double)

}  // namespace posenc::lab
