// Rows of sin/cos(position_k · ω_i), float32, one position after another: the cos/sin cache that
// both the sinusoidal table and RoPE are made of. Built once per position, reused across heads.
//
// Two ways to a row, both float64 until the final rounding:
//   explicit positions: each angle reduced and evaluated (trig.hpp)
//   a progression start + k·step: the previous row turned by the fixed rotation (step·ω_i),
//       i.e. PE(pos+step) = M_step·PE(pos) done in float64, re-seeded from libm every kReseed
//       rows so rounding cannot accumulate (drift after 1024 steps is ~1e-13)
#pragma once

#include <cstdint>
#include <vector>

#include "posenc/positions.hpp"

namespace posenc::kernels {

class AngleRows {
 public:
  static constexpr std::int64_t kReseed = 1024;

  AngleRows(const Positions& positions, const double* inv_freq, int pairs);

  // sin_out[i], cos_out[i] for position k. Rows of a progression are cheapest in order.
  void row_generic(std::int64_t k, float* sin_out, float* cos_out);
  void row_simd(std::int64_t k, float* sin_out, float* cos_out);

 private:
  void seed(std::int64_t k);

  Positions pos_;
  const double* inv_;
  int pairs_;
  std::int64_t next_ = -1;  // row the state holds, for progressions
  std::vector<double> c_, s_, cstep_, sstep_;
};

}  // namespace posenc::kernels
