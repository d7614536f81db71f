#include "elementwise_kernel.hpp"

#include "v128.hpp"

namespace posenc::kernels {

void relu_forward_generic(long n, const float* x, float* y) {
  for (long i = 0; i < n; ++i) y[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

void relu_backward_generic(long n, const float* x, const float* dy, float* dx) {
  for (long i = 0; i < n; ++i) dx[i] = x[i] > 0.0f ? dy[i] : 0.0f;
}

void relu_forward_simd(long n, const float* x, float* y) {
  using namespace simd;
  const F4 zero = splat4(0.0f);
  long i = 0;
  for (; i + 4 <= n; i += 4) {
    const F4 v = load4(x + i);
    store4(y + i, select(gt(v, zero), v, zero));
  }
  for (; i < n; ++i) y[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

void relu_backward_simd(long n, const float* x, const float* dy, float* dx) {
  using namespace simd;
  const F4 zero = splat4(0.0f);
  long i = 0;
  for (; i + 4 <= n; i += 4) store4(dx + i, select(gt(load4(x + i), zero), load4(dy + i), zero));
  for (; i < n; ++i) dx[i] = x[i] > 0.0f ? dy[i] : 0.0f;
}

}  // namespace posenc::kernels
