// Values to RGBA pixels for heatmap canvases: v ∈ [lo, hi] → lut[round((v−lo)/(hi−lo)·(size−1))],
// clamped at both ends; NaN and ±∞ (masked scores) get `masked`. Pixels are 0xAABBGGRR, the byte
// order of ImageData on little-endian machines (all wasm).
#pragma once

#include <cstdint>

namespace posenc::kernels {

void colormap_generic(const float* v, int n, float lo, float hi, const std::uint32_t* lut, int lut_size,
                      std::uint32_t masked, std::uint32_t* out);
void colormap_simd(const float* v, int n, float lo, float hi, const std::uint32_t* lut, int lut_size,
                   std::uint32_t masked, std::uint32_t* out);

}  // namespace posenc::kernels
