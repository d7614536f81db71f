// RoPE on a float32 tensor [seq, heads, head_dim] (heads = 1 for [seq, head_dim]).
//
//   for each position m:   c_i, s_i = cos/sin(m·θ_i) · attention_factor      (once per position)
//     for each head:       plane i of the first rot_dim coordinates turns by m·θ_i;
//                          coordinates rot_dim … head_dim−1 pass through unchanged
//
// Plane i is (x[i·scale], x[i·scale + offset]):
//   interleaved  scale 2, offset 1          x: [a0 b0 a1 b1 …]   cache [c0 c0 c1 c1 …]
//   half         scale 1, offset rot_dim/2  x: [a0 a1 … | b0 b1 …] cache [c0 c1 …]
// out may equal x (in place). The caller has checked the arguments (bindings).
#pragma once

#include <vector>

#include "angles.hpp"
#include "posenc/positions.hpp"
#include "posenc/rope.hpp"

namespace posenc::kernels {

struct RopeArgs {
  int seq = 0;
  int heads = 1;
  int head_dim = 0;
  int rot_dim = 0;  // even, ≤ head_dim
  RopeLayout layout = RopeLayout::Interleaved;
  const double* inv_freq = nullptr;  // rot_dim / 2 frequencies
  float attention_factor = 1.0f;
  Positions positions;  // count == seq
};

// The rows of one tensor, in as many calls as the caller likes (the wrapper streams a long JS array
// through a small wasm buffer a block of positions at a time): the angle state and the widened
// cos/sin live here between calls, so a block costs its rows and nothing else. Blocks in order
// are cheapest; any order gives the bits of one call.
class RopeRows {
 public:
  RopeRows(const RopeArgs& a, bool simd);  // `a` checked; its inv_freq and positions outlive this
  ~RopeRows();
  RopeRows(const RopeRows&) = delete;
  RopeRows& operator=(const RopeRows&) = delete;

  // Rows m0 … m0 + count − 1; x and out point at row m0 (out may equal x).
  void apply(const float* x, float* out, int m0, int count);
  int seq() const { return a_.seq; }

 private:
  void apply_generic(const float* x, float* out, int m0, int count);
  void apply_simd(const float* x, float* out, int m0, int count);

  RopeArgs a_;
  bool simd_;
  AngleRows angles_;
  std::vector<float> cw_, sw_;  // one row's cos/sin (generic) or widened to the layout (SIMD)
};

void rope_apply_generic(const RopeArgs& a, const float* x, float* out);
void rope_apply_simd(const RopeArgs& a, const float* x, float* out);

}  // namespace posenc::kernels
