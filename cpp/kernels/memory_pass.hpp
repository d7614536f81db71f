// The memory-bound limit the RoPE benchmark is measured against: one SIMD pass that reads every
// float of x and writes it back scaled (in place) or to out. No kernel that reads and writes the
// same bytes can beat it by much.
#pragma once

#include <cstddef>

namespace posenc::kernels {

void memory_pass(const float* x, float* out, std::size_t n, float scale);

}  // namespace posenc::kernels
