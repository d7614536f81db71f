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

void copy_tail(const RopeArgs& a, const float* x, float* out) {
  if (out != x && a.head_dim > a.rot_dim) {
    std::memcpy(out + a.rot_dim, x + a.rot_dim, sizeof(float) * static_cast<std::size_t>(a.head_dim - a.rot_dim));
  }
}

int stride_scale(RopeLayout l) { return l == RopeLayout::Interleaved ? 2 : 1; }
int stride_offset(RopeLayout l, int rot_dim) { return l == RopeLayout::Interleaved ? 1 : rot_dim / 2; }

}  // namespace

void rope_apply_generic(const RopeArgs& a, const float* x, float* out) {
  const int pairs = a.rot_dim / 2;
  std::vector<float> c(static_cast<std::size_t>(pairs)), s(static_cast<std::size_t>(pairs));
  AngleRows rows(a.positions, a.inv_freq, pairs);
  const std::size_t row = static_cast<std::size_t>(a.heads) * static_cast<std::size_t>(a.head_dim);
  for (int m = 0; m < a.seq; ++m) {  // position
    rows.row_generic(m, s.data(), c.data());
    for (int i = 0; i < pairs; ++i) {
      c[static_cast<std::size_t>(i)] *= a.attention_factor;
      s[static_cast<std::size_t>(i)] *= a.attention_factor;
    }
    for (int h = 0; h < a.heads; ++h) {  // head
      const std::size_t off = static_cast<std::size_t>(m) * row + static_cast<std::size_t>(h) * static_cast<std::size_t>(a.head_dim);
      rotate_pairs(pairs, stride_scale(a.layout), stride_offset(a.layout, a.rot_dim), x + off, out + off, c.data(),
                   s.data());
      copy_tail(a, x + off, out + off);
    }
  }
}

void rope_apply_simd(const RopeArgs& a, const float* x, float* out) {
  using namespace simd;
  const int pairs = a.rot_dim / 2;
  const auto n = static_cast<std::size_t>(a.rot_dim);
  std::vector<float> c(static_cast<std::size_t>(pairs)), s(static_cast<std::size_t>(pairs));
  std::vector<float> cw(n), sw(n);  // the cache widened to the layout of x
  AngleRows rows(a.positions, a.inv_freq, pairs);
  const std::size_t row = static_cast<std::size_t>(a.heads) * static_cast<std::size_t>(a.head_dim);
  const F4 af = splat4(a.attention_factor);
  const bool interleaved = a.layout == RopeLayout::Interleaved;
  for (int m = 0; m < a.seq; ++m) {  // position
    rows.row_simd(m, s.data(), c.data());
    int i = 0;
    if (interleaved) {
      // cw = [c0 c0 c1 c1 …], sw = [−s0 s0 −s1 s1 …] so that out = x·cw + swap_pairs(x)·sw.
      for (; i + 4 <= pairs; i += 4) {
        const F4 cv = load4(c.data() + i) * af, sv = load4(s.data() + i) * af;
        const F4 neg = splat4(0.0f) - sv;
        store4(cw.data() + 2 * i, interleave_lo(cv, cv));
        store4(cw.data() + 2 * i + 4, interleave_hi(cv, cv));
        store4(sw.data() + 2 * i, interleave_lo(neg, sv));
        store4(sw.data() + 2 * i + 4, interleave_hi(neg, sv));
      }
      for (; i < pairs; ++i) {
        const float cv = c[static_cast<std::size_t>(i)] * a.attention_factor;
        const float sv = s[static_cast<std::size_t>(i)] * a.attention_factor;
        cw[2 * static_cast<std::size_t>(i)] = cw[2 * static_cast<std::size_t>(i) + 1] = cv;
        sw[2 * static_cast<std::size_t>(i)] = -sv;
        sw[2 * static_cast<std::size_t>(i) + 1] = sv;
      }
    } else {
      for (; i + 4 <= pairs; i += 4) {
        store4(cw.data() + i, load4(c.data() + i) * af);
        store4(sw.data() + i, load4(s.data() + i) * af);
      }
      for (; i < pairs; ++i) {
        cw[static_cast<std::size_t>(i)] = c[static_cast<std::size_t>(i)] * a.attention_factor;
        sw[static_cast<std::size_t>(i)] = s[static_cast<std::size_t>(i)] * a.attention_factor;
      }
    }
    for (int h = 0; h < a.heads; ++h) {  // head
      const std::size_t off = static_cast<std::size_t>(m) * row + static_cast<std::size_t>(h) * static_cast<std::size_t>(a.head_dim);
      const float* xh = x + off;
      float* oh = out + off;
      int j = 0;
      if (interleaved) {
        for (; j + 4 <= a.rot_dim; j += 4) {  // two planes
          const F4 xv = load4(xh + j);
          store4(oh + j, xv * load4(cw.data() + j) + swap_pairs(xv) * load4(sw.data() + j));
        }
        if (j < a.rot_dim) {  // one plane left when rot_dim ≡ 2 (mod 4)
          const float av = xh[j], bv = xh[j + 1], cv = cw[static_cast<std::size_t>(j)];
          const float sv = sw[static_cast<std::size_t>(j) + 1];
          oh[j] = av * cv - bv * sv;
          oh[j + 1] = av * sv + bv * cv;
        }
      } else {
        for (; j + 4 <= pairs; j += 4) {  // four planes
          const F4 av = load4(xh + j), bv = load4(xh + pairs + j);
          const F4 cv = load4(cw.data() + j), sv = load4(sw.data() + j);
          store4(oh + j, av * cv - bv * sv);
          store4(oh + pairs + j, av * sv + bv * cv);
        }
        for (; j < pairs; ++j) {
          const float av = xh[j], bv = xh[pairs + j];
          oh[j] = av * cw[static_cast<std::size_t>(j)] - bv * sw[static_cast<std::size_t>(j)];
          oh[pairs + j] = av * sw[static_cast<std::size_t>(j)] + bv * cw[static_cast<std::size_t>(j)];
        }
      }
      copy_tail(a, xh, oh);
    }
  }
}

}  // namespace posenc::kernels
