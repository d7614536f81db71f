#include "rope_kernel.hpp"

#include <cstring>
#include <vector>

#include "angles.hpp"
#include "v128.hpp"

namespace posenc::kernels {

namespace {

// One head's planes, any layout: the single scalar loop both layouts share (only the stride differs).
void rotate_pairs(int pairs, int scale, int offset, const float* x, float* out, const float* c, const float* s) {
  for (int i = 0; i < pairs; ++i) {  // plane
    const float a = x[i * scale], b = x[i * scale + offset];
    out[i * scale] = a * c[i] - b * s[i];
    out[i * scale + offset] = a * s[i] + b * c[i];
  }
}

// The coordinates of one head outside its rotary slice (before it and after it).
void copy_untouched(const RopeArgs& a, const float* x, float* out) {
  if (a.rot_offset > 0) std::memcpy(out, x, sizeof(float) * static_cast<std::size_t>(a.rot_offset));
  const int end = a.rot_offset + a.rot_dim;
  if (a.head_dim > end) {
    std::memcpy(out + end, x + end, sizeof(float) * static_cast<std::size_t>(a.head_dim - end));
  }
}

// One turned interleaved slice [a0 b0 a1 b1 …] rewritten as [a0 a1 … | b0 b1 …] (exact moves).
void split_slice(float* slice, int rot_dim, float* tmp, bool simd) {
  const int pairs = rot_dim / 2;
  int i = 0;
  if (simd) {
    using namespace simd;
    for (; i + 4 <= pairs; i += 4) {  // four planes
      const F4 v0 = load4(slice + 2 * i), v1 = load4(slice + 2 * i + 4);
      store4(tmp + i, even_lanes(v0, v1));
      store4(tmp + pairs + i, odd_lanes(v0, v1));
    }
  }
  for (; i < pairs; ++i) {  // plane
    tmp[i] = slice[2 * i];
    tmp[pairs + i] = slice[2 * i + 1];
  }
  std::memcpy(slice, tmp, sizeof(float) * static_cast<std::size_t>(rot_dim));
}

// Rows up to this many floats (8 KiB) are processed heads-inner; see RopeRows::apply_simd.
constexpr std::size_t kHeadsInnerMaxFloats = 2048;

int stride_scale(RopeLayout l) { return l == RopeLayout::Interleaved ? 2 : 1; }
int stride_offset(RopeLayout l, int rot_dim) { return l == RopeLayout::Interleaved ? 1 : rot_dim / 2; }

// Any shape: `hstep` heads share each load of cos/sin (all heads when the row is cache-resident,
// one otherwise); also the fallback for rotary sizes the streaming loops do not cover.
void rotate_heads_inner(const RopeArgs& a, int heads, std::size_t hd, const float* xr, float* orow, const float* cwp,
                        const float* swp, int hstep) {
  using namespace simd;
  const int pairs = a.rot_dim / 2;
  const bool interleaved = a.layout == RopeLayout::Interleaved;
  for (int h0 = 0; h0 < heads; h0 += hstep) {  // head (outer, when streaming)
    const float* xh = xr + h0 * hd;
    float* oh = orow + h0 * hd;
    int j = 0;
    if (interleaved) {
      for (; j + 8 <= a.rot_dim; j += 8) {  // four planes
        const F4 c0 = load4(cwp + j), s0 = load4(swp + j), c1 = load4(cwp + j + 4), s1 = load4(swp + j + 4);
        const float* xp = xh + j;
        float* op = oh + j;
        for (int h = 0; h < hstep; ++h, xp += hd, op += hd) {  // head (inner, when cache-resident)
          const F4 v0 = load4(xp), v1 = load4(xp + 4);
          store4(op, v0 * c0 + swap_pairs(v0) * s0);
          store4(op + 4, v1 * c1 + swap_pairs(v1) * s1);
        }
      }
      for (; j + 4 <= a.rot_dim; j += 4) {  // two planes
        const F4 cv = load4(cwp + j), sv = load4(swp + j);
        const float* xp = xh + j;
        float* op = oh + j;
        for (int h = 0; h < hstep; ++h, xp += hd, op += hd) {
          const F4 v0 = load4(xp);
          store4(op, v0 * cv + swap_pairs(v0) * sv);
        }
      }
      if (j < a.rot_dim) {  // one plane left when rot_dim ≡ 2 (mod 4)
        for (int h = 0; h < hstep; ++h) {
          const float* xp = xh + h * hd + j;
          float* op = oh + h * hd + j;
          const float av = xp[0], bv = xp[1];
          op[0] = av * cwp[j] - bv * swp[j + 1];
          op[1] = av * swp[j + 1] + bv * cwp[j];
        }
      }
    } else {
      for (; j + 4 <= pairs; j += 4) {  // four planes
        const F4 cv = load4(cwp + j), sv = load4(swp + j);
        const float* xp = xh + j;
        float* op = oh + j;
        for (int h = 0; h < hstep; ++h, xp += hd, op += hd) {
          const F4 av = load4(xp), bv = load4(xp + pairs);
          store4(op, av * cv - bv * sv);
          store4(op + pairs, av * sv + bv * cv);
        }
      }
      for (; j < pairs; ++j) {
        for (int h = 0; h < hstep; ++h) {
          const float* xp = xh + h * hd;
          float* op = oh + h * hd;
          const float av = xp[j], bv = xp[pairs + j];
          op[j] = av * cwp[j] - bv * swp[j];
          op[pairs + j] = av * swp[j] + bv * cwp[j];
        }
      }
    }
  }
}

// Rows of heads whose rotary size is known at compile time (the common 64 and 128): the
// coordinate loop unrolls fully, so every load and store addresses its head's base pointer with a
// constant offset. With a runtime size, each access needs its own address arithmetic (em++ turns
// off loop strength reduction for wasm), which costs as much as the rotation itself.
#if defined(__clang__)
#define POSENC_UNROLL_FULL _Pragma("clang loop unroll(full)")
#else
#define POSENC_UNROLL_FULL _Pragma("GCC unroll 32")
#endif

// The most floats a tensor may hold to count as cache-resident (1 MiB; the API streams 256 KiB blocks).
constexpr std::size_t kResidentFloats = std::size_t{1} << 18;

template <int ROT>
void rotate_heads_fixed(const RopeArgs& a, int heads, std::size_t hd, bool resident, const float* xr, float* orow,
                        const float* cwp, const float* swp) {
  using namespace simd;
  int h = 0;
  // Four heads per load of cos/sin when the tensor is cache-resident (the API's streamed blocks):
  // there the loads, not main memory, bound the loop, and this takes them from 3 to 1.5 per vector
  // of x. A tensor streamed from main memory goes head by head: four interleaved streams per row
  // measured 2.5× slower there (64 MiB in Chromium, BENCHMARKS.md).
  for (; resident && h + 4 <= heads; h += 4) {  // four heads
    const float* x0 = xr + h * hd;
    const float* x1 = x0 + hd;
    const float* x2 = x1 + hd;
    const float* x3 = x2 + hd;
    float* o0 = orow + h * hd;
    float* o1 = o0 + hd;
    float* o2 = o1 + hd;
    float* o3 = o2 + hd;
    if (a.layout == RopeLayout::Interleaved) {
      POSENC_UNROLL_FULL
      for (int j = 0; j < ROT; j += 4) {  // two planes
        const F4 c = load4(cwp + j), s = load4(swp + j);
        const F4 v0 = load4(x0 + j);
        store4(o0 + j, v0 * c + swap_pairs(v0) * s);
        const F4 v1 = load4(x1 + j);
        store4(o1 + j, v1 * c + swap_pairs(v1) * s);
        const F4 v2 = load4(x2 + j);
        store4(o2 + j, v2 * c + swap_pairs(v2) * s);
        const F4 v3 = load4(x3 + j);
        store4(o3 + j, v3 * c + swap_pairs(v3) * s);
      }
    } else {
      constexpr int P = ROT / 2;
      POSENC_UNROLL_FULL
      for (int j = 0; j < P; j += 4) {  // four planes
        const F4 c = load4(cwp + j), s = load4(swp + j);
        F4 av = load4(x0 + j), bv = load4(x0 + P + j);
        store4(o0 + j, av * c - bv * s);
        store4(o0 + P + j, av * s + bv * c);
        av = load4(x1 + j), bv = load4(x1 + P + j);
        store4(o1 + j, av * c - bv * s);
        store4(o1 + P + j, av * s + bv * c);
        av = load4(x2 + j), bv = load4(x2 + P + j);
        store4(o2 + j, av * c - bv * s);
        store4(o2 + P + j, av * s + bv * c);
        av = load4(x3 + j), bv = load4(x3 + P + j);
        store4(o3 + j, av * c - bv * s);
        store4(o3 + P + j, av * s + bv * c);
      }
    }
  }
  for (; h < heads; ++h) {  // head
    const float* xh = xr + h * hd;
    float* oh = orow + h * hd;
    if (a.layout == RopeLayout::Interleaved) {
      POSENC_UNROLL_FULL
      for (int j = 0; j < ROT; j += 4) {  // two planes
        const F4 v = load4(xh + j);
        store4(oh + j, v * load4(cwp + j) + swap_pairs(v) * load4(swp + j));
      }
    } else {
      constexpr int P = ROT / 2;
      POSENC_UNROLL_FULL
      for (int j = 0; j < P; j += 4) {  // four planes
        const F4 cv = load4(cwp + j), sv = load4(swp + j), av = load4(xh + j), bv = load4(xh + P + j);
        store4(oh + j, av * cv - bv * sv);
        store4(oh + P + j, av * sv + bv * cv);
      }
    }
  }
}

// True when the row was handled by a fixed-size loop.
bool rotate_heads_fixed_any(const RopeArgs& a, int heads, std::size_t hd, bool resident, const float* xr, float* orow,
                            const float* cwp, const float* swp) {
  switch (a.rot_dim) {
    case 64: rotate_heads_fixed<64>(a, heads, hd, resident, xr, orow, cwp, swp); return true;
    case 128: rotate_heads_fixed<128>(a, heads, hd, resident, xr, orow, cwp, swp); return true;
    default: return false;
  }
}

}  // namespace

RopeRows::RopeRows(const RopeArgs& a, bool simd)
    : a_(a),
      simd_(simd),
      angles_(a.positions, a.inv_freq, a.rot_dim / 2),
      cw_(static_cast<std::size_t>(a.rot_dim) * (a.order == RopeOrder::HeadsSeq ? kBlock : 1)),
      sw_(cw_.size()),
      tmp_(a.split_pairs ? static_cast<std::size_t>(a.rot_dim) : 0) {}

RopeRows::~RopeRows() = default;

void RopeRows::fill(std::int64_t k, float* cwp, float* swp) {
  const RopeArgs& a = a_;
  const float af = a.attention_factor;
  if (!simd_) {
    angles_.row_generic(k, swp, cwp);
    for (int i = 0; i < a.rot_dim / 2; ++i) {
      cwp[i] *= af;
      swp[i] *= af;
    }
    return;
  }
  using namespace simd;
  // The row's cos/sin widened to the layout of x:
  //   interleaved  cw = [c0 c0 c1 c1 …], sw = [−s0 s0 −s1 s1 …]  so  out = x·cw + swap_pairs(x)·sw
  //   half         cw = [c0 c1 …],       sw = [s0 s1 …]
  const F4 afv = splat4(af);
  const F4 zero = splat4(0.0f);
  if (a.layout == RopeLayout::Interleaved) {
    angles_.row_simd(
        k,
        [&](int i, F4 sv, F4 cv) {
          cv = cv * afv;
          sv = sv * afv;
          const F4 neg = zero - sv;
          store4(cwp + 2 * i, interleave_lo(cv, cv));
          store4(cwp + 2 * i + 4, interleave_hi(cv, cv));
          store4(swp + 2 * i, interleave_lo(neg, sv));
          store4(swp + 2 * i + 4, interleave_hi(neg, sv));
        },
        [&](int i, float sv, float cv) {
          cwp[2 * i] = cwp[2 * i + 1] = cv * af;
          swp[2 * i] = -sv * af;
          swp[2 * i + 1] = sv * af;
        });
  } else {
    angles_.row_simd(
        k, [&](int i, F4 sv, F4 cv) { store4(cwp + i, cv * afv), store4(swp + i, sv * afv); },
        [&](int i, float sv, float cv) { cwp[i] = cv * af, swp[i] = sv * af; });
  }
}

void RopeRows::turn(const float* xr, float* orow, int heads, std::size_t hd, bool resident, const float* cwp,
                    const float* swp) {
  using namespace simd;
  const RopeArgs& a = a_;
  const int pairs = a.rot_dim / 2;
  if (!simd_) {
    for (int h = 0; h < heads; ++h) {  // head
      rotate_pairs(pairs, stride_scale(a.layout), stride_offset(a.layout, a.rot_dim), xr + h * hd, orow + h * hd, cwp,
                   swp);
    }
    return;
  }
  const bool interleaved = a.layout == RopeLayout::Interleaved;
  const std::size_t row = static_cast<std::size_t>(heads) * hd;
  // Rotary sizes 64 and 128: the fully unrolled loop, fastest for small and large rows alike.
  // Other sizes, small rows (cache-resident tensors): coordinates outer, heads inner, so each
  // block of cos/sin is loaded once and turns the same coordinates of every head. Large rows
  // stream from memory: heads outer, coordinates inner, a purely sequential pass the hardware
  // prefetcher follows.
  const bool heads_inner = heads > 1 && row <= kHeadsInnerMaxFloats;
  if (rotate_heads_fixed_any(a, heads, hd, resident, xr, orow, cwp, swp)) {
    // done
  } else if (!heads_inner && interleaved && a.rot_dim % 8 == 0) {
    // Streaming: two heads per pass (each cos/sin load serves both), 16 floats per iteration.
    int h = 0;
    for (; h + 2 <= heads; h += 2) {  // head pair
      const float* x0 = xr + h * hd;
      const float* x1 = x0 + hd;
      float* o0 = orow + h * hd;
      float* o1 = o0 + hd;
      for (int j = 0; j < a.rot_dim; j += 8) {  // four planes
        const F4 c0 = load4(cwp + j), s0 = load4(swp + j), c1 = load4(cwp + j + 4), s1 = load4(swp + j + 4);
        const F4 a0 = load4(x0 + j), a1 = load4(x0 + j + 4), b0 = load4(x1 + j), b1 = load4(x1 + j + 4);
        store4(o0 + j, a0 * c0 + swap_pairs(a0) * s0);
        store4(o0 + j + 4, a1 * c1 + swap_pairs(a1) * s1);
        store4(o1 + j, b0 * c0 + swap_pairs(b0) * s0);
        store4(o1 + j + 4, b1 * c1 + swap_pairs(b1) * s1);
      }
    }
    for (; h < heads; ++h) {
      const float* x0 = xr + h * hd;
      float* o0 = orow + h * hd;
      for (int j = 0; j < a.rot_dim; j += 8) {
        const F4 a0 = load4(x0 + j), a1 = load4(x0 + j + 4);
        store4(o0 + j, a0 * load4(cwp + j) + swap_pairs(a0) * load4(swp + j));
        store4(o0 + j + 4, a1 * load4(cwp + j + 4) + swap_pairs(a1) * load4(swp + j + 4));
      }
    }
  } else if (!heads_inner && !interleaved && pairs % 4 == 0) {
    for (int h = 0; h < heads; ++h) {  // head
      const float* xa = xr + h * hd;
      const float* xb = xa + pairs;
      float* oa = orow + h * hd;
      float* ob = oa + pairs;
      for (int j = 0; j < pairs; j += 4) {  // four planes
        const F4 cv = load4(cwp + j), sv = load4(swp + j), av = load4(xa + j), bv = load4(xb + j);
        store4(oa + j, av * cv - bv * sv);
        store4(ob + j, av * sv + bv * cv);
      }
    }
  } else {
    rotate_heads_inner(a, heads, hd, xr, orow, cwp, swp, heads_inner ? heads : 1);
  }
}

void RopeRows::finish(const float* xr, float* orow, int heads, std::size_t hd) {
  const RopeArgs& a = a_;
  if (orow != xr && a.head_dim > a.rot_dim) {
    for (int h = 0; h < heads; ++h) copy_untouched(a, xr + h * hd, orow + h * hd);  // head
  }
  if (a.split_pairs) {
    for (int h = 0; h < heads; ++h) split_slice(orow + h * hd + a.rot_offset, a.rot_dim, tmp_.data(), simd_);  // head
  }
}

void RopeRows::apply(const float* x, float* out, int first, int count, std::size_t slice_stride) {
  const RopeArgs& a = a_;
  const std::size_t hd = static_cast<std::size_t>(a.head_dim);
  const std::size_t off = static_cast<std::size_t>(a.rot_offset);
  const std::size_t rot = static_cast<std::size_t>(a.rot_dim);
  if (a.order == RopeOrder::SeqHeads) {
    const std::size_t row = static_cast<std::size_t>(a.heads) * hd;
    const bool resident = static_cast<std::size_t>(count) * row <= kResidentFloats;
    for (int r = 0; r < count; ++r) {  // (batch entry, position)
      const int m = first + r;
      fill(per_batch() ? m : m % a.seq, cw_.data(), sw_.data());
      const float* xr = x + static_cast<std::size_t>(r) * row;
      float* orow = out + static_cast<std::size_t>(r) * row;
      turn(xr + off, orow + off, a.heads, hd, resident, cw_.data(), sw_.data());
      finish(xr, orow, a.heads, hd);
    }
    return;
  }
  // HeadsSeq: every slice that shares a position's cos/sin is turned with it, kBlock positions at a
  // time; within a block, four slices at once where the fixed-size loops take them (each cos/sin
  // load serves four heads), each slice's rows contiguous.
  const std::size_t stride = slice_stride != 0 ? slice_stride : static_cast<std::size_t>(a.seq) * hd;
  const int groups = per_batch() ? a.batch : 1;              // batch entries with their own positions
  const int slices = per_batch() ? a.heads : a.batch * a.heads;  // slices sharing each position
  const bool resident = static_cast<std::size_t>(slices) * groups * count * hd <= kResidentFloats;
  for (int b = 0; b < groups; ++b) {  // batch entry (positions of its own)
    for (int t0 = 0; t0 < count; t0 += kBlock) {  // block of positions
      const int n = std::min(kBlock, count - t0);
      for (int t = 0; t < n; ++t) {  // position
        const std::int64_t s = first + t0 + t;
        fill(per_batch() ? static_cast<std::int64_t>(b) * a.seq + s : s, cw_.data() + t * rot, sw_.data() + t * rot);
      }
      for (int g0 = 0; g0 < slices; g0 += 4) {  // four slices
        const int k = std::min(4, slices - g0);
        const std::size_t at = static_cast<std::size_t>(b * slices + g0) * stride + static_cast<std::size_t>(t0) * hd;
        for (int t = 0; t < n; ++t) {  // position
          const float* xr = x + at + static_cast<std::size_t>(t) * hd;
          float* orow = out + at + static_cast<std::size_t>(t) * hd;
          turn(xr + off, orow + off, k, stride, resident, cw_.data() + t * rot, sw_.data() + t * rot);
          finish(xr, orow, k, stride);
        }
      }
    }
  }
}

void rope_apply_generic(const RopeArgs& a, const float* x, float* out) {
  RopeRows rows(a, false);
  rows.apply(x, out, 0, rows.rows());
}

void rope_apply_simd(const RopeArgs& a, const float* x, float* out) {
  RopeRows rows(a, true);
  rows.apply(x, out, 0, rows.rows());
}

}  // namespace posenc::kernels
