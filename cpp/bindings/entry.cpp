#include "entry.hpp"

#include <cmath>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "../kernels/colormap_kernel.hpp"
#include "../kernels/decode_kernel.hpp"
#include "../kernels/rope_kernel.hpp"
#include "../kernels/score_kernel.hpp"
#include "../kernels/sinusoidal_kernel.hpp"
#include "../kernels/v128.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/relative.hpp"

namespace posenc::entry {

Flavor default_flavor() {
#if defined(__wasm_simd128__) || !defined(__wasm__)
  return simd::simd_available() ? Flavor::Simd : Flavor::Generic;
#else
  return Flavor::Generic;
#endif
}

Result<void*> allocate(double bytes, const char* what) {
  if (!(bytes <= kMaxResultBytes)) {
    return Status::range(std::string(what) + " would need " + format_number(bytes) + " bytes; at most " +
                         format_number(kMaxResultBytes) + " bytes fit in one buffer");
  }
  // On a cache line: the API streams large JS arrays through one of these buffers, and a staging
  // buffer 16 bytes off a line made every copy in and out straddle lines (+0.4 ms of 4.5 ms for a
  // 64 MiB RoPE in Chromium, BENCHMARKS.md). aligned_alloc wants a multiple of the alignment.
  constexpr std::size_t kLine = 64;
  const std::size_t n = bytes > 0 ? static_cast<std::size_t>(bytes) : 1;
  void* p = std::aligned_alloc(kLine, (n + kLine - 1) / kLine * kLine);
  if (p == nullptr) {
    return Status::range(std::string(what) + " needs " + format_number(bytes) +
                         " bytes, more than the wasm memory has left");
  }
  return p;
}

namespace {

Status check_layout(int layout, const char* allowed) {
  if (layout != 0 && layout != 1) return Status::range(std::string("layout must be ") + allowed);
  return Status::success();
}


}  // namespace

namespace {

struct SinusoidalArgs {
  Positions positions;
  int dim;
  SinusoidalLayout layout;
};

Result<SinusoidalArgs> check_sinusoidal(const double* positions, double count, double dim, double base, int layout,
                                        double bytes_per_element) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_layout(layout, "'interleaved' or 'concat'"); !st.ok()) return st;
  if (auto st = check_count("positions", count, kMaxPositions); !st.ok()) return st;
  const auto n = static_cast<std::int64_t>(count);
  const Positions p = positions != nullptr ? Positions::list(positions, n) : Positions::range(n);
  if (auto st = check_positions(p); !st.ok()) return st;
  if (auto st = check_result_size("sinusoidal table", count * dim, bytes_per_element); !st.ok()) return st;
  return SinusoidalArgs{p, static_cast<int>(dim), static_cast<SinusoidalLayout>(layout)};
}

void run_sinusoidal(const SinusoidalArgs& a, double base, float* out, Flavor flavor) {
  const auto inv = default_inv_freq(a.dim, base);
  if (flavor == Flavor::Simd) {
    kernels::sinusoidal_simd(a.positions, inv.data(), a.dim, a.layout, out);
  } else {
    kernels::sinusoidal_generic(a.positions, inv.data(), a.dim, a.layout, out);
  }
}

}  // namespace

Status sinusoidal_into(float* out, const double* positions, double count, double dim, double base, int layout,
                       Flavor flavor) {
  auto a = check_sinusoidal(positions, count, dim, base, layout, 4);
  if (!a.ok()) return a.status;
  if (out == nullptr) return Status::range("out must be given");
  run_sinusoidal(a.value, base, out, flavor);
  return Status::success();
}

Status sinusoidal_range_into(float* out, double start, double count, double dim, double base, int layout,
                             Flavor flavor) {
  if (auto st = check_integer("start", start, 0, kMaxPositions); !st.ok()) return st;
  auto a = check_sinusoidal(nullptr, count, dim, base, layout, 4);
  if (!a.ok()) return a.status;
  if (out == nullptr) return Status::range("out must be given");
  a.value.positions.start = start;
  run_sinusoidal(a.value, base, out, flavor);
  return Status::success();
}

Result<void*> sinusoidal(const double* positions, double count, double dim, double base, int layout, int precision,
                         Flavor flavor) {
  if (precision != 32 && precision != 64) return Status::range("precision must be 32 or 64");
  const double bytes_per = precision == 32 ? 4 : 8;
  auto a = check_sinusoidal(positions, count, dim, base, layout, bytes_per);
  if (!a.ok()) return a.status;
  auto mem = allocate(count * dim * bytes_per, "sinusoidal table");
  if (!mem.ok()) return mem.status;
  if (precision == 32) {
    run_sinusoidal(a.value, base, static_cast<float*>(mem.value), flavor);
    return mem.value;
  }
  auto table = sinusoidal_table(a.value.positions, dim, base, a.value.layout);  // float64 path, for display
  if (!table.ok()) {
    std::free(mem.value);
    return table.status;
  }
  std::copy(table.value.data(), table.value.data() + table.value.size(), static_cast<double*>(mem.value));
  return mem.value;
}

namespace {

Result<kernels::RopeArgs> check_rope(const RopeCall& c) {
  if (auto st = check_integer("batch", c.batch, 1, kMaxPositions); !st.ok()) return st;
  if (auto st = check_count("seq", c.seq, kMaxPositions); !st.ok()) return st;
  if (auto st = check_integer("heads", c.heads, 1, kMaxHeads); !st.ok()) return st;
  if (auto st = check_dim("headDim", c.head_dim, true); !st.ok()) return st;
  if (auto st = check_dim("rotaryDim", c.rot_dim, true); !st.ok()) return st;
  if (c.rot_dim > c.head_dim) {
    return Status::range("rotaryDim must not exceed headDim (" + format_number(c.head_dim) + "), got " +
                         format_number(c.rot_dim));
  }
  if (auto st = check_integer("rotaryOffset", c.rot_offset, 0, c.head_dim - c.rot_dim); !st.ok()) return st;
  if (c.order != 0 && c.order != 1) return Status::range("order must be 'bshd' or 'bhsd'");
  if (auto st = check_layout(c.layout, "'interleaved' or 'half'"); !st.ok()) return st;
  if (c.pair_order != 0 && c.pair_order != 1) return Status::range("pairOrder must be 'in-place' or 'transformers'");
  if (c.pair_order == 1 && c.layout != 0) {
    return Status::range("pairOrder 'transformers' de-interleaves interleaved pairs; with layout 'half' the pairs stay in place");
  }
  if (c.inv_freq == nullptr) return Status::range("invFreq must be given");
  if (auto st = check_frequencies(c.inv_freq, static_cast<std::size_t>(c.rot_dim) / 2, c.attention_factor); !st.ok()) {
    return st;
  }
  if (auto st = check_result_size("tensor", c.batch * c.seq * c.heads * c.head_dim, 4); !st.ok()) return st;
  Positions p = Positions::range(static_cast<std::int64_t>(c.seq));
  if (c.positions != nullptr) {
    if (c.positions_count != c.seq && c.positions_count != c.batch * c.seq) {
      return Status::range("positions must have seq = " + format_number(c.seq) + " or batch × seq = " +
                           format_number(c.batch * c.seq) + " entries, got " + format_number(c.positions_count));
    }
    p = Positions::list(c.positions, static_cast<std::int64_t>(c.positions_count));
  }
  if (auto st = check_positions(p); !st.ok()) return st;
  kernels::RopeArgs a;
  a.batch = static_cast<int>(c.batch);
  a.seq = static_cast<int>(c.seq);
  a.heads = static_cast<int>(c.heads);
  a.head_dim = static_cast<int>(c.head_dim);
  a.rot_dim = static_cast<int>(c.rot_dim);
  a.rot_offset = static_cast<int>(c.rot_offset);
  a.order = static_cast<kernels::RopeOrder>(c.order);
  a.layout = static_cast<RopeLayout>(c.layout);
  a.split_pairs = c.pair_order == 1;
  a.inv_freq = c.inv_freq;
  a.attention_factor = static_cast<float>(c.attention_factor);
  a.positions = p;
  return a;
}

RopeCall call_3d(double seq, double heads, double head_dim, double rot_dim, int layout, const double* inv_freq,
                 double attention_factor, const double* positions) {
  RopeCall c;
  c.seq = seq;
  c.heads = heads;
  c.head_dim = head_dim;
  c.rot_dim = rot_dim;
  c.layout = layout;
  c.inv_freq = inv_freq;
  c.attention_factor = attention_factor;
  c.positions = positions;
  c.positions_count = seq;
  return c;
}

}  // namespace

Status rope_apply(const float* x, float* out, const RopeCall& call, Flavor flavor) {
  const auto a = check_rope(call);
  if (!a.ok()) return a.status;
  if (x == nullptr || out == nullptr) return Status::range("x and out must be given");
  if (flavor == Flavor::Simd) {
    kernels::rope_apply_simd(a.value, x, out);
  } else {
    kernels::rope_apply_generic(a.value, x, out);
  }
  return Status::success();
}

Status rope_apply(const float* x, float* out, double seq, double heads, double head_dim, double rot_dim, int layout,
                  const double* inv_freq, double attention_factor, const double* positions, Flavor flavor) {
  return rope_apply(x, out, call_3d(seq, heads, head_dim, rot_dim, layout, inv_freq, attention_factor, positions),
                    flavor);
}

Result<kernels::RopeRows*> rope_rows_begin(const RopeCall& call, Flavor flavor) {
  const auto a = check_rope(call);
  if (!a.ok()) return a.status;
  auto* rows = new (std::nothrow) kernels::RopeRows(a.value, flavor == Flavor::Simd);
  if (rows == nullptr) return Status::range("not enough memory for the rotation's state");
  return rows;
}

Result<kernels::RopeRows*> rope_rows_begin(double seq, double heads, double head_dim, double rot_dim, int layout,
                                           const double* inv_freq, double attention_factor, const double* positions,
                                           Flavor flavor) {
  return rope_rows_begin(call_3d(seq, heads, head_dim, rot_dim, layout, inv_freq, attention_factor, positions), flavor);
}

Status rope_rows_apply(kernels::RopeRows* rows, const float* x, float* out, double first, double count,
                       double slice_stride) {
  if (rows == nullptr) return Status::range("rows must be given");
  if (x == nullptr || out == nullptr) return Status::range("x and out must be given");
  const double n = rows->rows();
  if (auto st = check_integer("first", first, 0, n); !st.ok()) return st;
  if (auto st = check_integer("count", count, 0, n - first); !st.ok()) return st;
  if (auto st = check_integer("sliceStride", slice_stride, 0, kMaxResultBytes / 4); !st.ok()) return st;
  rows->apply(x, out, static_cast<int>(first), static_cast<int>(count), static_cast<std::size_t>(slice_stride));
  return Status::success();
}

void rope_rows_end(kernels::RopeRows* rows) { delete rows; }

Result<kernels::DecodeState*> decode_begin(double heads, double head_dim, double max_length, double max_tokens) {
  if (auto st = check_integer("heads", heads, 1, 256); !st.ok()) return st;
  if (auto st = check_integer("headDim", head_dim, 2, 1024); !st.ok()) return st;
  if (static_cast<int>(head_dim) % 2 != 0) return Status::range("headDim must be even, got " + std::to_string(static_cast<int>(head_dim)));
  if (auto st = check_integer("maxLength", max_length, 1, 1 << 20); !st.ok()) return st;
  if (auto st = check_integer("maxTokens", max_tokens, 1, 1 << 24); !st.ok()) return st;
  // the cached keys (heads × maxLength × headDim) and the table ((maxLength + 64) × heads·headDim)
  const double bytes = 4 * heads * head_dim * (2 * max_length + kernels::kDecodePositions) + 4 * heads * max_length;
  if (bytes > kMaxResultBytes) {
    return Status::range("heads × headDim × (2·maxLength + 64) floats must fit in " + std::to_string(kMaxResultBytes / 1048576) +
                         " MiB, got " + std::to_string(bytes / 1048576) + " MiB");
  }
  try {
    return new kernels::DecodeState(static_cast<int>(heads), static_cast<int>(head_dim), static_cast<int>(max_length),
                                    static_cast<int>(max_tokens));
  } catch (const std::bad_alloc&) {
    return Status::range("not enough memory for the decoding buffers");
  }
}

Result<double> decode_run(kernels::DecodeState* state, int work, double tokens, double length) {
  if (state == nullptr) return Status::range("state must be given");
  if (work < 0 || work > 5) return Status::range("work must be 0 … 5, got " + std::to_string(work));
  if (auto st = check_integer("tokens", tokens, 0, state->max_tokens()); !st.ok()) return st;
  if (auto st = check_integer("length", length, 1, state->max_length()); !st.ok()) return st;
  return state->run(static_cast<kernels::DecodeWork>(work), static_cast<int>(tokens), static_cast<int>(length));
}

void decode_end(kernels::DecodeState* state) { delete state; }

namespace {

Status check_scores(const float* q, const float* k, double n_queries, double n_keys, double dim, double scale) {
  if (auto st = check_integer("queries", n_queries, 0, kMaxScoreSide); !st.ok()) return st;
  if (auto st = check_integer("keys", n_keys, 0, kMaxScoreSide); !st.ok()) return st;
  if (auto st = check_integer("dim", dim, 1, kMaxDim); !st.ok()) return st;
  if (auto st = check_finite("scale", scale); !st.ok()) return st;
  if (q == nullptr || k == nullptr) return Status::range("q and k must be given");
  return check_result_size("score matrix", n_queries * n_keys, 4);
}

}  // namespace

Status scores_into(float* out, const float* q, const float* k, double n_queries, double n_keys, double dim,
                   double scale, Flavor flavor) {
  if (auto st = check_scores(q, k, n_queries, n_keys, dim, scale); !st.ok()) return st;
  if (out == nullptr) return Status::range("out must be given");
  const int nq = static_cast<int>(n_queries), nk = static_cast<int>(n_keys), d = static_cast<int>(dim);
  if (flavor == Flavor::Simd) {
    kernels::scores_simd(q, k, nq, nk, d, static_cast<float>(scale), out);
  } else {
    kernels::scores_generic(q, k, nq, nk, d, static_cast<float>(scale), out);
  }
  return Status::success();
}

Result<float*> scores(const float* q, const float* k, double n_queries, double n_keys, double dim, double scale,
                      Flavor flavor) {
  if (auto st = check_scores(q, k, n_queries, n_keys, dim, scale); !st.ok()) return st;
  auto mem = allocate(n_queries * n_keys * 4, "score matrix");
  if (!mem.ok()) return mem.status;
  auto* out = static_cast<float*>(mem.value);
  scores_into(out, q, k, n_queries, n_keys, dim, scale, flavor);
  return out;
}

Result<std::uint32_t*> colormap(const float* values, double n, double lo, double hi, const std::uint32_t* lut,
                                double lut_size, double masked, Flavor flavor) {
  if (auto st = check_integer("n", n, 0, kMaxListLength); !st.ok()) return st;
  if (auto st = check_finite("lo", lo); !st.ok()) return st;
  if (auto st = check_finite("hi", hi); !st.ok()) return st;
  if (auto st = check_integer("lutSize", lut_size, 2, kMaxLutSize); !st.ok()) return st;
  if (auto st = check_integer("masked", masked, 0, 4294967295.0); !st.ok()) return st;
  if (values == nullptr || lut == nullptr) return Status::range("values and lut must be given");
  auto mem = allocate(n * 4, "pixels");
  if (!mem.ok()) return mem.status;
  auto* out = static_cast<std::uint32_t*>(mem.value);
  const auto m = static_cast<std::uint32_t>(masked);
  if (flavor == Flavor::Simd) {
    kernels::colormap_simd(values, static_cast<int>(n), static_cast<float>(lo), static_cast<float>(hi), lut,
                           static_cast<int>(lut_size), m, out);
  } else {
    kernels::colormap_generic(values, static_cast<int>(n), static_cast<float>(lo), static_cast<float>(hi), lut,
                              static_cast<int>(lut_size), m, out);
  }
  return out;
}

Result<std::int32_t*> t5_buckets(const double* relative, double n, bool bidirectional, double num_buckets,
                                 double max_distance) {
  if (auto st = check_integer("relativePositions.length", n, 0, kMaxListLength); !st.ok()) return st;
  if (auto st = check_t5_options(num_buckets, max_distance, bidirectional); !st.ok()) return st;
  const auto count = static_cast<std::int64_t>(n);
  for (std::int64_t i = 0; i < count; ++i) {
    const double r = relative[i];
    if (!std::isfinite(r) || std::floor(r) != r || std::fabs(r) > 9007199254740991.0) {
      return Status::range("relativePositions[" + std::to_string(i) +
                           "] must be an integer from -(2^53 - 1) to 2^53 - 1, got " + format_number(r));
    }
  }
  auto mem = allocate(n * 4, "bucket array");
  if (!mem.ok()) return mem.status;
  auto* out = static_cast<std::int32_t*>(mem.value);
  const T5Options o{bidirectional, static_cast<int>(num_buckets), static_cast<int>(max_distance)};
  for (std::int64_t i = 0; i < count; ++i) out[i] = t5_bucket(static_cast<std::int64_t>(relative[i]), o);
  return out;
}

Result<float*> alibi_bias(double num_heads, double len, bool causal) {
  if (auto st = check_alibi(num_heads, len); !st.ok()) return st;
  auto slopes = alibi_slopes(num_heads);
  auto mem = allocate(num_heads * len * len * 4, "ALiBi bias");
  if (!mem.ok()) return mem.status;
  auto* out = static_cast<float*>(mem.value);
  posenc::alibi_bias(slopes.value, static_cast<int>(len), causal, out);
  return out;
}

}  // namespace posenc::entry
