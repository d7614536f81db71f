// Rows of sin/cos(position_k · ω_i), float32, one position after another: the cos/sin cache that
// both the sinusoidal table and RoPE are made of. Built once per position, reused across heads.
//
// Explicit positions: every angle is formed and reduced in float64, then evaluated (trig.hpp).
//
// A progression start + k·step uses PE(pos + j·step) = M_j · PE(pos), the rotation property the
// seeds prove, in two levels so nothing accumulates in float32:
//   anchors, every kAnchor rows, advance in float64 by the fixed rotation M_kAnchor (re-seeded
//     exactly from libm every kReseed rows; drift between seeds ~1e-13);
//   the rows between are the float32 anchor turned by the precomputed M_j (j < kAnchor):
//     c = c_a·C_j − s_a·S_j,  s = s_a·C_j + c_a·S_j
//   each row from the anchor directly, so its error is bounded (≤ ~4e-7), never compounded.
// For whole-number positions with step 1, anchors and re-seeds sit at *absolute* positions
// (multiples of kAnchor and kReseed), and a call starting mid-way catches up from the last re-seed
// with the same float64 jumps: a sequence rotated in blocks (the wrapper streams long tensors a
// block of positions at a time) gives the same bits as rotated in one call.
// The generic twin (row_generic) is the plain float64 recurrence row after row, the reference the
// SIMD row is tested against.
//
// The SIMD row hands each group of four pairs to the caller (`emit4`) as registers, so a kernel
// writes its own layout (interleaved table, [sin | cos] cache, RoPE's widened cos/sin) in the same
// pass instead of storing a row and reading it back.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "posenc/positions.hpp"
#include "trig.hpp"
#include "v128.hpp"

namespace posenc::kernels {

// The rotations a progression needs (one step, M_j for j < kAnchor, M_kAnchor), shared by every
// AngleRows with the same frequencies and step (angles.cpp).
struct StepTables;

class AngleRows {
 public:
  static constexpr std::int64_t kReseed = 1024;
  static constexpr int kAnchor = 16;

  AngleRows(const Positions& positions, const double* inv_freq, int pairs);
  ~AngleRows();  // leaves its float64 state for the next call on the same tables (angles.cpp)
  AngleRows(const AngleRows&) = delete;
  AngleRows& operator=(const AngleRows&) = delete;

  // sin_out[i], cos_out[i] for position k. Rows of a progression are cheapest in order.
  void row_generic(std::int64_t k, float* sin_out, float* cos_out);

  // emit4(i, sin, cos) for pairs i … i+3 (F4 registers), then emit1(i, sin, cos) for the tail.
  template <class Emit4, class Emit1>
  void row_simd(std::int64_t k, Emit4&& emit4, Emit1&& emit1);

 private:
  std::int64_t global(std::int64_t k) const { return base_ + k; }
  // Row k's offset past the last multiple of m at or before its absolute position.
  std::int64_t past(std::int64_t k, std::int64_t m) const { return ((global(k) % m) + m) % m; }
  void seed(std::int64_t k);  // exact float64 state at row k
  void advance();             // float64 state one step on (row_generic)
  void anchor(std::int64_t k);  // float32 anchor for the block holding row k (row_simd)

  Positions pos_;
  std::int64_t base_ = 0;  // absolute position of row 0 when positions are whole numbers, step 1
  const double* inv_;
  int pairs_;
  // Rows may be negative (a block past position 0 anchors before its first row): "none" is INT64_MIN.
  std::int64_t next_ = INT64_MIN;  // row the float64 state (c_, s_) holds
  std::int64_t anchor_row_ = INT64_MIN;  // row of the float32 anchor (ca_, sa_)
  std::vector<double> c_, s_;
  double seed_pos_ = 0;      // position of the re-seed (c_, s_) started from
  std::int64_t jumps_ = -1;  // M_kAnchor turns since that re-seed; -1 before any (row_simd only)
  std::vector<float> ca_, sa_;  // anchor
  std::shared_ptr<const StepTables> steps_;
  const float* ctab_ = nullptr;  // M_j for j < kAnchor (kAnchor × pairs), in steps_
  const float* stab_ = nullptr;
};

template <class Emit4, class Emit1>
void AngleRows::row_simd(std::int64_t k, Emit4&& emit4, Emit1&& emit1) {
  using namespace simd;
  int i = 0;
  if (pos_.values != nullptr) {
    const double p = pos_.values[k];
    const D2 pv = splat2(p);
    for (; i + 4 <= pairs_; i += 4) {  // pair
      F4 sv, cv;
      sincos4(pv * load2(inv_ + i), pv * load2(inv_ + i + 2), sv, cv);
      emit4(i, sv, cv);
    }
    for (; i < pairs_; ++i) {
      float sv, cv;
      sincos1(p * inv_[i], sv, cv);
      emit1(i, sv, cv);
    }
    return;
  }
  const std::int64_t j = past(k, kAnchor);
  if (anchor_row_ != k - j) anchor(k - j);
  const float* ca = ca_.data();
  const float* sa = sa_.data();
  const float* cj = ctab_ + j * pairs_;
  const float* sj = stab_ + j * pairs_;
  for (; i + 4 <= pairs_; i += 4) {  // pair
    const F4 c = load4(ca + i), s = load4(sa + i), C = load4(cj + i), S = load4(sj + i);
    emit4(i, s * C + c * S, c * C - s * S);
  }
  for (; i < pairs_; ++i) emit1(i, sa[i] * cj[i] + ca[i] * sj[i], ca[i] * cj[i] - sa[i] * sj[i]);
}

}  // namespace posenc::kernels
