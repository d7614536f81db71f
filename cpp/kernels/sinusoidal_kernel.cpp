#include "sinusoidal_kernel.hpp"

#include <cstring>
#include <vector>

#include "angles.hpp"
#include "v128.hpp"

namespace posenc::kernels {

void sinusoidal_generic(const Positions& positions, const double* inv_freq, int dim, SinusoidalLayout layout,
                        float* out) {
  const int half = dim / 2;
  std::vector<float> s(static_cast<std::size_t>(half)), c(static_cast<std::size_t>(half));
  AngleRows rows(positions, inv_freq, half);
  for (std::int64_t k = 0; k < positions.count; ++k) {  // position
    float* o = out + k * dim;
    rows.row_generic(k, s.data(), c.data());
    for (int i = 0; i < half; ++i) {  // pair
      if (layout == SinusoidalLayout::Interleaved) {
        o[2 * i] = s[static_cast<std::size_t>(i)];
        o[2 * i + 1] = c[static_cast<std::size_t>(i)];
      } else {
        o[i] = s[static_cast<std::size_t>(i)];
        o[half + i] = c[static_cast<std::size_t>(i)];
      }
    }
  }
}

void sinusoidal_simd(const Positions& positions, const double* inv_freq, int dim, SinusoidalLayout layout,
                     float* out) {
  using namespace simd;
  const int half = dim / 2;
  AngleRows rows(positions, inv_freq, half);
  for (std::int64_t k = 0; k < positions.count; ++k) {  // position
    float* o = out + k * dim;
    if (layout == SinusoidalLayout::Concat) {
      rows.row_simd(
          k, [&](int i, F4 sv, F4 cv) { store4(o + i, sv), store4(o + half + i, cv); },
          [&](int i, float sv, float cv) { o[i] = sv, o[half + i] = cv; });
    } else {
      rows.row_simd(
          k, [&](int i, F4 sv, F4 cv) { store4(o + 2 * i, interleave_lo(sv, cv)), store4(o + 2 * i + 4, interleave_hi(sv, cv)); },
          [&](int i, float sv, float cv) { o[2 * i] = sv, o[2 * i + 1] = cv; });
    }
  }
}

}  // namespace posenc::kernels
