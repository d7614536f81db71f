// RoPE on a float32 tensor of heads: [batch, seq, heads, head_dim] (order SeqHeads; a 3-D
// [seq, heads, head_dim] is batch 1, and [seq, head_dim] heads 1) or [batch, heads, seq, head_dim]
// (order HeadsSeq: transformers' q and k after the head transpose).
//
//   for each position m:   c_i, s_i = cos/sin(m·θ_i) · attention_factor      (once per position)
//     for each head:       plane i of the rotary slice turns by m·θ_i;
//                          every other coordinate passes through unchanged
//
// The rotary slice of a head is coordinates rot_offset … rot_offset + rot_dim − 1: the first
// rot_dim (partial rotary), or the last (MLA: DeepSeek's q/k heads are [nope | rope]).
// Plane i is (x[i·scale], x[i·scale + offset]) of that slice:
//   interleaved  scale 2, offset 1          x: [a0 b0 a1 b1 …]   cache [c0 c0 c1 c1 …]
//   half         scale 1, offset rot_dim/2  x: [a0 a1 … | b0 b1 …] cache [c0 c1 …]
// split_pairs (interleaved only) writes each turned slice as [a0' a1' … | b0' b1' …], the order
// transformers' apply_rotary_pos_emb_interleave leaves it in (it de-interleaves, then rotate_half).
//
// Positions: seq of them shared by every batch entry, or batch·seq (one row per entry, as
// transformers' position_ids [batch, seq]). out may equal x (in place). The caller has checked the
// arguments (bindings).
#pragma once

#include <vector>

#include "angles.hpp"
#include "posenc/positions.hpp"
#include "posenc/rope.hpp"

namespace posenc::kernels {

// Where the heads lie: [batch, seq, heads, head_dim] or [batch, heads, seq, head_dim].
enum class RopeOrder { SeqHeads = 0, HeadsSeq = 1 };

struct RopeArgs {
  int batch = 1;
  int seq = 0;
  int heads = 1;
  int head_dim = 0;
  int rot_dim = 0;     // even, ≤ head_dim − rot_offset
  int rot_offset = 0;  // first turned coordinate of each head
  RopeOrder order = RopeOrder::SeqHeads;
  RopeLayout layout = RopeLayout::Interleaved;
  bool split_pairs = false;  // interleaved only: the turned slice as [evens | odds] (transformers)
  const double* inv_freq = nullptr;  // rot_dim / 2 frequencies
  float attention_factor = 1.0f;
  Positions positions;  // count == seq (every batch entry) or batch·seq (one row per entry)
};

// The rows of one tensor, in as many calls as the caller likes (the wrapper streams a long JS array
// through a small wasm buffer a block of positions at a time): the angle state and the widened
// cos/sin live here between calls, so a block costs its rows and nothing else. Blocks in order
// are cheapest; any order gives the bits of one call.
//
// A row is what one call's first/count count:
//   SeqHeads  one (batch entry, position): heads·head_dim contiguous floats; rows() = batch·seq
//   HeadsSeq  one position of every (batch entry, head) slice; rows() = seq. Slice g (= b·heads + h)
//             starts at x + g·slice_stride, so the wrapper can hand over a block of positions
//             gathered from every slice ([batch·heads, block, head_dim]: slice_stride block·head_dim).
// cos/sin are made once per position and turn every head that shares it: a HeadsSeq call makes
// them for kBlock positions at a time, then walks each slice through those positions.
class RopeRows {
 public:
  static constexpr int kBlock = 16;

  RopeRows(const RopeArgs& a, bool simd);  // `a` checked; its inv_freq and positions outlive this
  ~RopeRows();
  RopeRows(const RopeRows&) = delete;
  RopeRows& operator=(const RopeRows&) = delete;

  // Rows first … first + count − 1; x and out point at row first (out may equal x). slice_stride
  // (HeadsSeq only): floats from one slice to the next in x and out; 0 means seq·head_dim (the
  // whole tensor).
  void apply(const float* x, float* out, int first, int count, std::size_t slice_stride = 0);
  int rows() const { return a_.order == RopeOrder::SeqHeads ? a_.batch * a_.seq : a_.seq; }

 private:
  bool per_batch() const { return a_.positions.count != a_.seq; }
  // The cos/sin of angle row k (a position index), into cw/sw (rot_dim floats each): widened to
  // the layout (SIMD) or one value per pair (generic), times the attention factor.
  void fill(std::int64_t k, float* cw, float* sw);
  // `heads` heads head_stride floats apart, from their rotary slices' first coordinates.
  void turn(const float* x, float* out, int heads, std::size_t head_stride, bool resident, const float* cw,
            const float* sw);
  // After turn: the untouched coordinates copied (out != x) and split_pairs; x and out at the heads' starts.
  void finish(const float* x, float* out, int heads, std::size_t head_stride);

  RopeArgs a_;
  bool simd_;
  AngleRows angles_;
  std::vector<float> cw_, sw_;  // kBlock rows of cos/sin (HeadsSeq) or one (SeqHeads)
  std::vector<float> tmp_;      // one slice, for split_pairs
};

void rope_apply_generic(const RopeArgs& a, const float* x, float* out);
void rope_apply_simd(const RopeArgs& a, const float* x, float* out);

}  // namespace posenc::kernels
