// Entry points of the plain (non-embind) exports: argument checks, then the kernel.
// Plain C++ so the native tests and fuzzers call exactly what JS calls (exports.cpp is a 1:1
// extern "C" shell around these).
//
// Every numeric argument arrives as a double, as JS passes it, and is checked here (integer,
// range, finite) before anything is allocated. Results are malloc'd (JS copies them out, then
// frees); a failed allocation is a RangeError, never an abort.
#pragma once

#include <cstdint>

#include "posenc/status.hpp"

namespace posenc::kernels {
class RopeRows;
class DecodeState;
}

namespace posenc::entry {

enum class Flavor { Generic, Simd };

// The flavour the exports use: SIMD where the build has it.
Flavor default_flavor();

// Output: positions × dim float32 (precision 32) or float64 (precision 64).
// positions == nullptr means 0 … count−1.
Result<void*> sinusoidal(const double* positions, double count, double dim, double base, int layout, int precision,
                         Flavor flavor);

// The float32 table written into out (count × dim floats, allocated by the caller): the zero-copy
// path, and what sinusoidal() runs after allocating.
Status sinusoidal_into(float* out, const double* positions, double count, double dim, double base, int layout,
                       Flavor flavor);

// Rows start … start+count−1 of the float32 table, written into out (count × dim floats): a long
// table filled a block of rows at a time, each block advancing its angles from start like the whole
// table does from 0. start is an integer ≥ 0.
Status sinusoidal_range_into(float* out, double start, double count, double dim, double base, int layout,
                             Flavor flavor);

// One applyRope call as JS passes it (every number a double, checked by rope_apply / rope_rows_begin).
// x: [batch, seq, heads, head_dim] (order 0) or [batch, heads, seq, head_dim] (order 1) floats.
struct RopeCall {
  double batch = 1, seq = 0, heads = 1, head_dim = 0, rot_dim = 0;
  double rot_offset = 0;  // first turned coordinate of a head: 0, or head_dim − rot_dim (MLA)
  int order = 0;          // 0 [batch, seq, heads, head_dim], 1 [batch, heads, seq, head_dim]
  int pair_order = 0;     // 0 pairs turned in place, 1 transformers' [evens | odds] (interleaved only)
  int layout = 0;         // 0 interleaved, 1 half
  const double* inv_freq = nullptr;  // rot_dim / 2 values
  double attention_factor = 1;
  const double* positions = nullptr;  // nullptr: 0, 1, … seq − 1 for every batch entry
  double positions_count = 0;         // seq (shared by the batch) or batch·seq (one row per entry)
};

// out may equal x.
Status rope_apply(const float* x, float* out, const RopeCall& call, Flavor flavor);
// The 3-D call: x and out seq × heads × head_dim floats; positions: seq values, or nullptr for 0, 1, …
Status rope_apply(const float* x, float* out, double seq, double heads, double head_dim, double rot_dim, int layout,
                  const double* inv_freq, double attention_factor, const double* positions, Flavor flavor);

// The same rotation in blocks (the wrapper streams a long JS array through a small wasm buffer):
// rope_rows_begin checks the whole call, so a bad position late in the sequence fails before
// anything is written, and keeps the angle state between blocks; rope_rows_apply turns rows
// first … first + count − 1 (RopeRows says what a row is for each order) of x (pointing at row
// first) into out, slices slice_stride floats apart (order 1; 0: the whole tensor's);
// rope_rows_end frees the state. inv_freq and positions must outlive the rows.
Result<kernels::RopeRows*> rope_rows_begin(const RopeCall& call, Flavor flavor);
Result<kernels::RopeRows*> rope_rows_begin(double seq, double heads, double head_dim, double rot_dim, int layout,
                                           const double* inv_freq, double attention_factor, const double* positions,
                                           Flavor flavor);
Status rope_rows_apply(kernels::RopeRows* rows, const float* x, float* out, double first, double count,
                       double slice_stride = 0);
void rope_rows_end(kernels::RopeRows* rows);

// What position costs one new token at inference (kernels/decode_kernel.hpp): decode_begin fills the
// buffers of `heads` × `head_dim` with room for `max_length` cached keys and `max_tokens` steps;
// decode_run does `tokens` steps of `work` (0 table, 1 sinusoid, 2 rope, 3 alibi, 4 t5, 5 attention)
// at context length `length` and returns a checksum; decode_end frees the state.
Result<kernels::DecodeState*> decode_begin(double heads, double head_dim, double max_length, double max_tokens);
Result<double> decode_run(kernels::DecodeState* state, int work, double tokens, double length);
void decode_end(kernels::DecodeState* state);

// n_queries × n_keys float32 scores, into out or newly allocated.
Status scores_into(float* out, const float* q, const float* k, double n_queries, double n_keys, double dim,
                   double scale, Flavor flavor);
Result<float*> scores(const float* q, const float* k, double n_queries, double n_keys, double dim, double scale,
                      Flavor flavor);

// n pixels (uint32 RGBA).
Result<std::uint32_t*> colormap(const float* values, double n, double lo, double hi, const std::uint32_t* lut,
                                double lut_size, double masked, Flavor flavor);

// n buckets.
Result<std::int32_t*> t5_buckets(const double* relative, double n, bool bidirectional, double num_buckets,
                                 double max_distance);

// heads × len × len float32.
Result<float*> alibi_bias(double num_heads, double len, bool causal);

// Guards every malloc of the exports: refuses sizes that cannot fit before asking.
Result<void*> allocate(double bytes, const char* what);

}  // namespace posenc::entry
