#include "colormap_kernel.hpp"

#include <cmath>

#include "v128.hpp"

namespace posenc::kernels {

namespace {

inline std::uint32_t pixel(float v, float lo, float inv_span, int top, const std::uint32_t* lut, std::uint32_t masked) {
  if (!std::isfinite(v)) return masked;
  float t = (v - lo) * inv_span;
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  return lut[static_cast<int>(t * static_cast<float>(top) + 0.5f)];
}

inline float inverse_span(float lo, float hi) { return hi > lo ? 1.0f / (hi - lo) : 0.0f; }

}  // namespace

void colormap_generic(const float* v, int n, float lo, float hi, const std::uint32_t* lut, int lut_size,
                      std::uint32_t masked, std::uint32_t* out) {
  const float inv = inverse_span(lo, hi);
  for (int i = 0; i < n; ++i) out[i] = pixel(v[i], lo, inv, lut_size - 1, lut, masked);
}

void colormap_simd(const float* v, int n, float lo, float hi, const std::uint32_t* lut, int lut_size,
                   std::uint32_t masked, std::uint32_t* out) {
  using namespace simd;
  // The arithmetic is vectorised; the table lookup stays scalar (wasm SIMD has no gather).
  const float inv = inverse_span(lo, hi);
  const F4 lov = splat4(lo), scale = splat4(inv * static_cast<float>(lut_size - 1));
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    alignas(16) float t[4];
    store4(t, (load4(v + i) - lov) * scale);
    for (int j = 0; j < 4; ++j) {
      const float x = v[i + j];
      if (!std::isfinite(x)) {
        out[i + j] = masked;
        continue;
      }
      float tj = t[j] < 0 ? 0 : (t[j] > static_cast<float>(lut_size - 1) ? static_cast<float>(lut_size - 1) : t[j]);
      out[i + j] = lut[static_cast<int>(tj + 0.5f)];
    }
  }
  for (; i < n; ++i) out[i] = pixel(v[i], lo, inv, lut_size - 1, lut, masked);
}

}  // namespace posenc::kernels
