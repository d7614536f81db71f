#include "memory_pass.hpp"

#include "v128.hpp"

namespace posenc::kernels {

void memory_pass(const float* x, float* out, std::size_t n, float scale) {
  using namespace simd;
  const F4 s = splat4(scale);
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    store4(out + i, load4(x + i) * s);
    store4(out + i + 4, load4(x + i + 4) * s);
    store4(out + i + 8, load4(x + i + 8) * s);
    store4(out + i + 12, load4(x + i + 12) * s);
  }
  for (; i < n; ++i) out[i] = x[i] * scale;
}

}  // namespace posenc::kernels
