// A list of positions: either an arithmetic progression start + k·step (k < count), which lets
// kernels advance angles by a fixed rotation, or explicit values (fractional allowed: that is how
// Position Interpolation feeds scaled positions). Positions start at 0 by convention.
#pragma once

#include <cstdint>

namespace posenc {

struct Positions {
  const double* values = nullptr;  // explicit positions, or nullptr for the progression
  std::int64_t count = 0;
  double start = 0;
  double step = 1;

  static Positions range(std::int64_t n) { return {nullptr, n, 0, 1}; }
  static Positions list(const double* v, std::int64_t n) { return {v, n, 0, 1}; }
  double at(std::int64_t k) const { return values != nullptr ? values[k] : start + static_cast<double>(k) * step; }
};

}  // namespace posenc
