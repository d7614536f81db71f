// Plain wasm exports for the hot paths. Embind's generated wrappers cost ~100 ns per call under a
// strict CSP (no eval), these cost ~10 ns; tensors go through here, small analyses through embind.
//
// Convention: a function returns 0 / a pointer on success and nonzero / NULL on failure, after which
// posenc_last_error() and posenc_last_error_kind() (1 TypeError, 2 RangeError) describe it.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "../kernels/memory_pass.hpp"
#include "entry.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten/emscripten.h>
#define POSENC_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define POSENC_EXPORT extern "C"
#endif

namespace {

std::string g_error;
int g_kind = 0;

template <class T>
T* report(posenc::Result<T*> r) {
  if (r.ok()) return r.value;
  g_error = r.status.message;
  g_kind = static_cast<int>(r.status.kind);
  return nullptr;
}

int report(const posenc::Status& s) {
  if (s.ok()) return 0;
  g_error = s.message;
  g_kind = static_cast<int>(s.kind);
  return g_kind;
}

}  // namespace

using posenc::entry::default_flavor;

POSENC_EXPORT const char* posenc_last_error() { return g_error.c_str(); }
POSENC_EXPORT int posenc_last_error_kind() { return g_kind; }
POSENC_EXPORT int posenc_simd_build() { return default_flavor() == posenc::entry::Flavor::Simd ? 1 : 0; }

POSENC_EXPORT void* posenc_alloc(double bytes) { return report(posenc::entry::allocate(bytes, "buffer")); }
POSENC_EXPORT void posenc_free(void* p) { std::free(p); }

POSENC_EXPORT void* posenc_sinusoidal(const double* positions, double count, double dim, double base, int layout,
                                      int precision) {
  return report(posenc::entry::sinusoidal(positions, count, dim, base, layout, precision, default_flavor()));
}

POSENC_EXPORT int posenc_sinusoidal_into(float* out, const double* positions, double count, double dim, double base,
                                         int layout) {
  return report(posenc::entry::sinusoidal_into(out, positions, count, dim, base, layout, default_flavor()));
}

POSENC_EXPORT int posenc_sinusoidal_range_into(float* out, double start, double count, double dim, double base,
                                               int layout) {
  return report(posenc::entry::sinusoidal_range_into(out, start, count, dim, base, layout, default_flavor()));
}

POSENC_EXPORT int posenc_scores_into(float* out, const float* q, const float* k, double n_queries, double n_keys,
                                     double dim, double scale) {
  return report(posenc::entry::scores_into(out, q, k, n_queries, n_keys, dim, scale, default_flavor()));
}

namespace {

posenc::entry::RopeCall rope_call(double batch, double seq, double heads, double head_dim, double rot_dim,
                                  double rot_offset, int order, int pair_order, int layout, const double* inv_freq,
                                  double attention_factor, const double* positions, double positions_count) {
  posenc::entry::RopeCall c;
  c.batch = batch;
  c.seq = seq;
  c.heads = heads;
  c.head_dim = head_dim;
  c.rot_dim = rot_dim;
  c.rot_offset = rot_offset;
  c.order = order;
  c.pair_order = pair_order;
  c.layout = layout;
  c.inv_freq = inv_freq;
  c.attention_factor = attention_factor;
  c.positions = positions;
  c.positions_count = positions_count;
  return c;
}

}  // namespace

// x: [batch, seq, heads, head_dim] (order 0) or [batch, heads, seq, head_dim] (order 1); positions:
// positions_count (seq or batch·seq) values, or null for 0 … seq − 1 (entry.hpp, RopeCall).
POSENC_EXPORT int posenc_rope_apply(const float* x, float* out, double batch, double seq, double heads,
                                    double head_dim, double rot_dim, double rot_offset, int order, int pair_order,
                                    int layout, const double* inv_freq, double attention_factor,
                                    const double* positions, double positions_count) {
  return report(posenc::entry::rope_apply(x, out,
                                          rope_call(batch, seq, heads, head_dim, rot_dim, rot_offset, order, pair_order,
                                                    layout, inv_freq, attention_factor, positions, positions_count),
                                          default_flavor()));
}

POSENC_EXPORT posenc::kernels::RopeRows* posenc_rope_rows_begin(double batch, double seq, double heads,
                                                                double head_dim, double rot_dim, double rot_offset,
                                                                int order, int pair_order, int layout,
                                                                const double* inv_freq, double attention_factor,
                                                                const double* positions, double positions_count) {
  return report(posenc::entry::rope_rows_begin(rope_call(batch, seq, heads, head_dim, rot_dim, rot_offset, order,
                                                         pair_order, layout, inv_freq, attention_factor, positions,
                                                         positions_count),
                                               default_flavor()));
}

POSENC_EXPORT int posenc_rope_rows_apply(posenc::kernels::RopeRows* rows, const float* x, float* out, double first,
                                         double count, double slice_stride) {
  return report(posenc::entry::rope_rows_apply(rows, x, out, first, count, slice_stride));
}

POSENC_EXPORT void posenc_rope_rows_end(posenc::kernels::RopeRows* rows) { posenc::entry::rope_rows_end(rows); }

POSENC_EXPORT posenc::kernels::DecodeState* posenc_decode_begin(double heads, double head_dim, double max_length,
                                                                double max_tokens) {
  return report(posenc::entry::decode_begin(heads, head_dim, max_length, max_tokens));
}

// NaN when the call was refused (posenc_last_error says why).
POSENC_EXPORT double posenc_decode_run(posenc::kernels::DecodeState* state, int work, double tokens, double length) {
  const auto r = posenc::entry::decode_run(state, work, tokens, length);
  if (!r.ok()) {
    report(r.status);
    return std::nan("");
  }
  return r.value;
}

POSENC_EXPORT void posenc_decode_end(posenc::kernels::DecodeState* state) { posenc::entry::decode_end(state); }

POSENC_EXPORT float* posenc_scores(const float* q, const float* k, double n_queries, double n_keys, double dim,
                                   double scale) {
  return report(posenc::entry::scores(q, k, n_queries, n_keys, dim, scale, default_flavor()));
}

POSENC_EXPORT std::uint32_t* posenc_colormap(const float* values, double n, double lo, double hi,
                                             const std::uint32_t* lut, double lut_size, double masked) {
  return report(posenc::entry::colormap(values, n, lo, hi, lut, lut_size, masked, default_flavor()));
}

POSENC_EXPORT std::int32_t* posenc_t5_buckets(const double* relative, double n, int bidirectional, double num_buckets,
                                              double max_distance) {
  return report(posenc::entry::t5_buckets(relative, n, bidirectional != 0, num_buckets, max_distance));
}

POSENC_EXPORT float* posenc_alibi_bias(double num_heads, double len, int causal) {
  return report(posenc::entry::alibi_bias(num_heads, len, causal != 0));
}

// Benchmark reference: the memory-bound pass over the same bytes as a RoPE call.
POSENC_EXPORT void posenc_memory_pass(const float* x, float* out, double n, double scale) {
  if (x == nullptr || out == nullptr || !(n >= 0)) return;
  posenc::kernels::memory_pass(x, out, static_cast<std::size_t>(n), static_cast<float>(scale));
}
