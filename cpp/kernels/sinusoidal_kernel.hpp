// The float32 sinusoidal table: out[k·dim + …] for each position k.
//   interleaved  [s0 c0 s1 c1 …]   (PE[pos,2i] = sin, PE[pos,2i+1] = cos)
//   concat       [s0 s1 … | c0 c1 …]
// Arguments are checked by the caller (bindings); these assume dim even, out sized count·dim.
#pragma once

#include "posenc/absolute.hpp"
#include "posenc/positions.hpp"

namespace posenc::kernels {

void sinusoidal_generic(const Positions& positions, const double* inv_freq, int dim, SinusoidalLayout layout,
                        float* out);
void sinusoidal_simd(const Positions& positions, const double* inv_freq, int dim, SinusoidalLayout layout,
                     float* out);

}  // namespace posenc::kernels
