// SIMD kernels against their generic twins (awkward sizes, misaligned starts, in place), and both
// against float64 references for the accuracy bounds of docs/API.md. Runs natively (SSE2) and in wasm (SIMD128).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <vector>

#include "bindings/entry.hpp"
#include "kernels/colormap_kernel.hpp"
#include "kernels/decode_kernel.hpp"
#include "kernels/memory_pass.hpp"
#include "kernels/rope_kernel.hpp"
#include "kernels/score_kernel.hpp"
#include "kernels/sinusoidal_kernel.hpp"
#include "kernels/trig.hpp"
#include "kernels/v128.hpp"
#include "posenc/absolute.hpp"
#include "posenc/frequencies.hpp"

using namespace posenc;
using namespace posenc::kernels;

namespace {

// Pair counts around the vector width (4 pairs per f32x4): 1, 3, 7, N−1, N, N+1, 3N, 8N+2.
const int kPairs[] = {1, 3, 7, 3, 4, 5, 12, 34};
// RoPE also: 32 and 64 pairs (head sizes 64 and 128) take the fixed-size, fully unrolled loops.
const int kRopePairs[] = {1, 3, 7, 3, 4, 5, 12, 34, 32, 64};

std::vector<float> random_floats(std::size_t n, std::uint64_t seed, double scale = 1) {
  Rng rng(seed);
  std::vector<float> v(n);
  for (auto& x : v) x = static_cast<float>(rng.normal() * scale);
  return v;
}

double max_abs_diff(const float* a, const float* b, std::size_t n) {
  double m = 0;
  for (std::size_t i = 0; i < n; ++i) m = std::max(m, std::fabs(static_cast<double>(a[i]) - b[i]));
  return m;
}

RopeArgs rope_args(int seq, int heads, int hd, int rot, RopeLayout layout, const std::vector<double>& inv, Positions positions) {
  RopeArgs a;
  a.seq = seq;
  a.heads = heads;
  a.head_dim = hd;
  a.rot_dim = rot;
  a.layout = layout;
  a.inv_freq = inv.data();
  a.positions = positions;
  return a;
}

// float64 reference, independent of the kernels: pos·ω with ω = base^(−2i/d), libm sin/cos.
double ref_angle(double pos, int i, int d, double base) { return pos * std::pow(base, -2.0 * i / d); }

}  // namespace

TEST_CASE("kernels report which path they take") {
#if defined(__wasm_simd128__) || defined(__SSE2__)
  REQUIRE(simd::simd_available());
#endif
  SUCCEED();
}

namespace {
// sincos4 of four angles, lane by lane into sv / cv (to compare with sincos1 and libm).
void sincos4_lanes(const double* a, float* sv, float* cv) {
  simd::F4 s, c;
  sincos4(simd::load2(a), simd::load2(a + 2), s, c);
  simd::store4(sv, s);
  simd::store4(cv, c);
}
}  // namespace

TEST_CASE("sincos1 / sincos4 agree and are within 2e-7 of libm over |a| < 2^20") {
  Rng rng(7);
  double worst = 0, worst_pair = 0;
  for (int t = 0; t < 200000; ++t) {
    double a[4];
    for (double& x : a) x = (rng.uniform() * 2 - 1) * (t % 2 ? 1048576.0 : 10.0);
    float sv[4], cv[4];
    sincos4_lanes(a, sv, cv);
    for (int j = 0; j < 4; ++j) {
      float s1, c1;
      sincos1(a[j], s1, c1);
      worst_pair = std::max({worst_pair, std::fabs(double(s1) - sv[j]), std::fabs(double(c1) - cv[j])});
      worst = std::max({worst, std::fabs(std::sin(a[j]) - sv[j]), std::fabs(std::cos(a[j]) - cv[j])});
    }
  }
  INFO("max error vs libm " << worst << ", scalar vs vector " << worst_pair);
  REQUIRE(worst < 2e-7);
  REQUIRE(worst_pair <= 1.2e-7);
  // Quadrant boundaries and exact multiples of π/2.
  for (int k = -8; k <= 8; ++k) {
    float s, c;
    sincos1(k * 1.5707963267948966, s, c);
    REQUIRE(std::fabs(s - std::sin(k * 1.5707963267948966)) < 2e-7);
    REQUIRE(std::fabs(c - std::cos(k * 1.5707963267948966)) < 2e-7);
  }
}

TEST_CASE("sincos1 / sincos4 past 2^20: libm's float64 sin/cos rounded, for any finite angle, lanes mixed") {
  Rng rng(11);
  // Magnitudes from just under the fast path's limit to 1e300, each beside small angles in the same
  // vector (a lane past the limit must not change its neighbours' results).
  for (double mag : {1048575.9, 1048576.0, 3e6, 1e9, 1e12, 1e15, 1e18, 1e20, 1e25, 1e300}) {
    for (int t = 0; t < 50; ++t) {
      double a[4] = {mag * (1 + rng.uniform()), (rng.uniform() * 2 - 1) * 10, -mag * (1 + rng.uniform()), rng.uniform()};
      if (t % 2) std::swap(a[0], a[1]);
      float sv[4], cv[4];
      sincos4_lanes(a, sv, cv);
      for (int j = 0; j < 4; ++j) {
        float s1, c1;
        sincos1(a[j], s1, c1);
        INFO("a = " << a[j]);
        REQUIRE(s1 == sv[j]);
        REQUIRE(c1 == cv[j]);
        REQUIRE(std::fabs(double(s1) - std::sin(a[j])) < 2e-7);
        REQUIRE(std::fabs(double(c1) - std::cos(a[j])) < 2e-7);
      }
    }
  }
}

TEST_CASE("sinusoidal table: SIMD = generic, both within 1e-6 of float64 up to position 2^20") {
  const double base = 10000;
  for (int pairs : kPairs) {
    const int d = 2 * pairs;
    const auto inv = default_inv_freq(d, base);
    for (auto layout : {SinusoidalLayout::Interleaved, SinusoidalLayout::Concat}) {
      // Progressions near the top of the range exercise the recurrence far from its seed.
      for (double start : {0.0, 1048576.0 - 3000}) {
        const Positions p{nullptr, 3000, start, 1};
        std::vector<float> g(3000 * static_cast<std::size_t>(d) + 1), s(g.size());
        sinusoidal_generic(p, inv.data(), d, layout, g.data());
        sinusoidal_simd(p, inv.data(), d, layout, s.data() + 1);  // misaligned output
        // The SIMD rows come from float32 anchors turned by float32 rotations: a few ulps from the
        // float64 recurrence of the generic twin, never compounding.
        REQUIRE(max_abs_diff(g.data(), s.data() + 1, g.size() - 1) < 3e-7);
        double err = 0;
        for (int r = 0; r < 3000; ++r) {
          for (int i = 0; i < pairs; ++i) {
            const double a = ref_angle(start + r, i, d, base);
            const int si = layout == SinusoidalLayout::Interleaved ? 2 * i : i;
            const int ci = layout == SinusoidalLayout::Interleaved ? 2 * i + 1 : pairs + i;
            err = std::max({err, std::fabs(std::sin(a) - g[r * d + si]), std::fabs(std::cos(a) - g[r * d + ci])});
          }
        }
        INFO("d = " << d << ", start = " << start << ", max error " << err);
        REQUIRE(err <= 1e-6);
      }
    }
  }
}

TEST_CASE("sinusoidal table over all 2^20 positions and random explicit positions: error <= 1e-6") {
  const int d = 8;
  const auto inv = default_inv_freq(d, 10000);
  const std::int64_t n = 1 << 20;
  std::vector<float> out(static_cast<std::size_t>(n) * d);
  sinusoidal_simd(Positions::range(n), inv.data(), d, SinusoidalLayout::Interleaved, out.data());
  double err = 0;
  for (std::int64_t r = 0; r < n; ++r) {
    for (int i = 0; i < 4; ++i) {
      const double a = static_cast<double>(r) * inv[i];
      err = std::max({err, std::fabs(std::sin(a) - out[r * d + 2 * i]), std::fabs(std::cos(a) - out[r * d + 2 * i + 1])});
    }
  }
  INFO("max error over 2^20 positions: " << err);
  REQUIRE(err <= 1e-6);

  Rng rng(11);
  std::vector<double> pos(5000);
  for (auto& p : pos) p = rng.uniform() * 1048576.0;
  pos[0] = 1048575;
  pos[1] = 0.5;
  const int d2 = 64;
  const auto inv2 = default_inv_freq(d2, 10000);
  std::vector<float> g(pos.size() * d2), s(pos.size() * d2);
  sinusoidal_generic(Positions::list(pos.data(), 5000), inv2.data(), d2, SinusoidalLayout::Interleaved, g.data());
  sinusoidal_simd(Positions::list(pos.data(), 5000), inv2.data(), d2, SinusoidalLayout::Interleaved, s.data());
  REQUIRE(max_abs_diff(g.data(), s.data(), g.size()) <= 1.2e-7);
  double err2 = 0;
  for (std::size_t r = 0; r < pos.size(); ++r) {
    for (int i = 0; i < d2 / 2; ++i) {
      const double a = pos[r] * inv2[i];
      err2 = std::max({err2, std::fabs(std::sin(a) - s[r * d2 + 2 * i]), std::fabs(std::cos(a) - s[r * d2 + 2 * i + 1])});
    }
  }
  REQUIRE(err2 <= 1e-6);
}

namespace {

// float64 reference RoPE written from the definition, one plane at a time.
std::vector<double> rope_reference(const std::vector<float>& x, int seq, int heads, int hd, int rot, RopeLayout layout,
                                   const std::vector<double>& inv, const std::vector<double>& pos, double af) {
  std::vector<double> y(x.begin(), x.end());
  for (int m = 0; m < seq; ++m) {
    for (int h = 0; h < heads; ++h) {
      const std::size_t off = (static_cast<std::size_t>(m) * heads + h) * hd;
      for (int i = 0; i < rot / 2; ++i) {
        const int a = layout == RopeLayout::Interleaved ? 2 * i : i;
        const int b = layout == RopeLayout::Interleaved ? 2 * i + 1 : i + rot / 2;
        const double t = pos[m] * inv[i], c = std::cos(t) * af, s = std::sin(t) * af;
        y[off + a] = x[off + a] * c - x[off + b] * s;
        y[off + b] = x[off + a] * s + x[off + b] * c;
      }
    }
  }
  return y;
}

}  // namespace

TEST_CASE("RoPE kernel: SIMD = generic = float64 reference within 2e-6·max|x|, both layouts") {
  for (int pairs : kRopePairs) {
    for (int extra : {0, 2, 6}) {  // pass-through coordinates (partial rotary)
      const int rot = 2 * pairs, hd = rot + extra;
      const int seq = 37, heads = 3;
      const auto inv = default_inv_freq(rot, 10000);
      const std::size_t n = static_cast<std::size_t>(seq) * heads * hd;
      const auto x = random_floats(n + 1, pairs * 31 + extra, 3.0);
      for (auto layout : {RopeLayout::Interleaved, RopeLayout::Half}) {
        for (bool explicit_positions : {false, true}) {
          std::vector<double> pos(seq);
          for (int m = 0; m < seq; ++m) pos[m] = explicit_positions ? 1048575.0 - 17.25 * m : m;
          RopeArgs a = rope_args(seq, heads, hd, rot, layout, inv,
                                 explicit_positions ? Positions::list(pos.data(), seq) : Positions::range(seq));
          a.attention_factor = 1.25f;
          std::vector<float> g(n), s(n + 1);
          rope_apply_generic(a, x.data() + 1, g.data());  // misaligned input
          rope_apply_simd(a, x.data() + 1, s.data() + 1);  // misaligned output
          std::vector<float> in_place(x.begin() + 1, x.end());
          rope_apply_simd(a, in_place.data(), in_place.data());
          const std::vector<float> xin(x.begin() + 1, x.end());
          const auto ref = rope_reference(xin, seq, heads, hd, rot, layout, inv, pos, 1.25);
          double maxx = 0, eg = 0, es = 0;
          for (std::size_t i = 0; i < n; ++i) {
            maxx = std::max(maxx, std::fabs(static_cast<double>(xin[i])));
            eg = std::max(eg, std::fabs(ref[i] - g[i]));
            es = std::max(es, std::fabs(ref[i] - s[i + 1]));
          }
          INFO("pairs " << pairs << " extra " << extra << " layout " << int(layout) << " explicit " << explicit_positions
                        << ": generic err " << eg << ", simd err " << es << ", max|x| " << maxx);
          REQUIRE(eg <= 2e-6 * maxx * 1.25);
          REQUIRE(es <= 2e-6 * maxx * 1.25);
          REQUIRE(max_abs_diff(g.data(), s.data() + 1, n) <= 2e-6 * maxx);
          REQUIRE(std::memcmp(in_place.data(), s.data() + 1, n * sizeof(float)) == 0);
        }
      }
    }
  }
}

TEST_CASE("RoPE kernel accuracy over a long sequence reaching 2^20 (recurrence far from its seed)") {
  const int seq = 1 << 20, hd = 8;
  const auto inv = default_inv_freq(hd, 10000);
  std::vector<float> x(static_cast<std::size_t>(seq) * hd);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = (i % 3 == 0) ? 1.0f : -0.5f;
  RopeArgs a;
  a.seq = seq;
  a.head_dim = a.rot_dim = hd;
  a.inv_freq = inv.data();
  a.positions = Positions::range(seq);
  for (auto layout : {RopeLayout::Interleaved, RopeLayout::Half}) {
    a.layout = layout;
    std::vector<float> y(x.size());
    rope_apply_simd(a, x.data(), y.data());
    double err = 0;
    for (int m = 0; m < seq; m += (m < 5000 ? 1 : 97)) {
      for (int i = 0; i < hd / 2; ++i) {
        const int p = layout == RopeLayout::Interleaved ? 2 * i : i;
        const int q = layout == RopeLayout::Interleaved ? 2 * i + 1 : i + hd / 2;
        const double t = static_cast<double>(m) * inv[i];
        const double xa = x[static_cast<std::size_t>(m) * hd + p], xb = x[static_cast<std::size_t>(m) * hd + q];
        err = std::max(err, std::fabs(xa * std::cos(t) - xb * std::sin(t) - y[static_cast<std::size_t>(m) * hd + p]));
        err = std::max(err, std::fabs(xa * std::sin(t) + xb * std::cos(t) - y[static_cast<std::size_t>(m) * hd + q]));
      }
    }
    INFO("max error " << err);
    REQUIRE(err <= 2e-6);
  }
}

TEST_CASE("score kernel: SIMD = generic, awkward sizes") {
  for (int d : {1, 3, 4, 5, 7, 16, 129}) {
    for (int nk : {1, 3, 4, 5, 9}) {
      const auto q = random_floats(6 * d + 1, d, 1), k = random_floats(nk * d + 1, d + 100, 1);
      std::vector<float> g(6 * nk), s(6 * nk);
      scores_generic(q.data() + 1, k.data() + 1, 6, nk, d, 0.5f, g.data());
      scores_simd(q.data() + 1, k.data() + 1, 6, nk, d, 0.5f, s.data());
      for (int i = 0; i < 6 * nk; ++i) REQUIRE(std::fabs(g[i] - s[i]) <= 1e-5 * (1 + std::fabs(g[i])));
      // float64 reference of one entry
      double ref = 0;
      for (int j = 0; j < d; ++j) ref += double(q[1 + j]) * k[1 + j];
      REQUIRE(std::fabs(ref * 0.5 - s[0]) <= 1e-5 * (1 + std::fabs(ref)));
    }
  }
}

TEST_CASE("colormap kernel: SIMD = generic, clamps, masks non-finite values") {
  std::vector<std::uint32_t> lut(256);
  for (int i = 0; i < 256; ++i) lut[i] = 0xFF000000u | static_cast<std::uint32_t>(i);
  std::vector<float> v = {-5, 0, 0.25f, 0.5f, 1, 2, NAN, -INFINITY, INFINITY, 0.999f, 0.001f};
  std::vector<std::uint32_t> g(v.size()), s(v.size());
  colormap_generic(v.data(), static_cast<int>(v.size()), 0, 1, lut.data(), 256, 0x11223344u, g.data());
  colormap_simd(v.data(), static_cast<int>(v.size()), 0, 1, lut.data(), 256, 0x11223344u, s.data());
  REQUIRE(g == s);
  REQUIRE(g[0] == lut[0]);
  REQUIRE(g[4] == lut[255]);
  REQUIRE(g[5] == lut[255]);
  REQUIRE(g[3] == lut[128]);  // 0.5·255 = 127.5 rounds up
  REQUIRE(g[6] == 0x11223344u);
  REQUIRE(g[7] == 0x11223344u);
}

TEST_CASE("memory pass reads and writes every float") {
  for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 1000u}) {
    auto x = random_floats(n, n);
    std::vector<float> out(n);
    memory_pass(x.data(), out.data(), n, 2.0f);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(out[i] == 2 * x[i]);
  }
}

TEST_CASE("RoPE kernel: rows too large to keep in cache take the streaming loops, same numbers") {
  // heads × head_dim above 2048 floats; odd head counts leave one head for the single-head loop.
  // seq 5: a cache-resident tensor (the fixed-size loops take four heads at a time, 17 leaves one);
  // seq 130: above 2^18 floats, streamed from memory head by head.
  for (int seq : {5, 130}) for (int heads : {17, 20}) {
    // 128 and 64 (partial, 64 pass-through): the fixed-size loops; 96: the two-heads streaming loop;
    // 124: rot_dim not a multiple of 8 falls back to the general loop.
    for (int rot : {128, 64, 96, 124}) {
      const int hd = 128;
      const auto inv = default_inv_freq(rot, 10000);
      const std::size_t n = static_cast<std::size_t>(seq) * heads * hd;
      const auto x = random_floats(n, heads + rot, 2.0);
      for (auto layout : {RopeLayout::Interleaved, RopeLayout::Half}) {
        const RopeArgs a = rope_args(seq, heads, hd, rot, layout, inv, Positions::range(seq));
        std::vector<float> g(n), s(n);
        rope_apply_generic(a, x.data(), g.data());
        rope_apply_simd(a, x.data(), s.data());
        INFO("seq " << seq << " heads " << heads << " rot " << rot << " layout " << int(layout));
        REQUIRE(max_abs_diff(g.data(), s.data(), n) <= 2e-6 * 2.0 * 6);
        std::vector<double> pos(seq);
        for (int m = 0; m < seq; ++m) pos[m] = m;
        const auto ref = rope_reference(x, seq, heads, hd, rot, layout, inv, pos, 1.0);
        double err = 0, maxx = 0;
        for (std::size_t i = 0; i < n; ++i) {
          err = std::max(err, std::fabs(ref[i] - s[i]));
          maxx = std::max(maxx, std::fabs(static_cast<double>(x[i])));
        }
        REQUIRE(err <= 2e-6 * maxx);
      }
    }
  }
}

TEST_CASE("RoPE kernel: a sequence rotated in blocks of positions gives the bits of one call") {
  // The wrapper streams long tensors through wasm memory a block of positions at a time; anchors and
  // re-seeds sit at absolute positions, so the split never shows in the result.
  const int seq = 2600, heads = 2, hd = 64, rot = 64;
  const auto inv = default_inv_freq(rot, 10000);
  const std::size_t row = static_cast<std::size_t>(heads) * hd, n = seq * row;
  const auto x = random_floats(n, 2024, 2.0);
  for (auto layout : {RopeLayout::Interleaved, RopeLayout::Half}) {
    for (bool simd : {false, true}) {
      std::vector<float> whole(n);
      const RopeArgs all = rope_args(seq, heads, hd, rot, layout, inv, Positions::range(seq));
      (simd ? rope_apply_simd : rope_apply_generic)(all, x.data(), whole.data());
      // In order (each call continues from the state the previous one left), backwards and with
      // calls at other positions between (that state must then be ignored, not misused).
      for (int order : {0, 1, 2}) {
        for (int block : {1, 7, 16, 37, 1000, 1024, 1500}) {
          std::vector<float> parts(n), other(4 * row);
          std::vector<int> starts;
          for (int r0 = 0; r0 < seq; r0 += block) starts.push_back(r0);
          if (order == 1) std::reverse(starts.begin(), starts.end());
          for (int r0 : starts) {
            const int rows = std::min(block, seq - r0);
            Positions p = Positions::range(rows);
            p.start = r0;
            const RopeArgs a = rope_args(rows, heads, hd, rot, layout, inv, p);
            (simd ? rope_apply_simd : rope_apply_generic)(a, x.data() + r0 * row, parts.data() + r0 * row);
            if (order == 2) {
              Positions q = Positions::range(4);
              q.start = r0 % 2 ? r0 + 0.5 : r0 + 3 * block + 48;
              (simd ? rope_apply_simd : rope_apply_generic)(rope_args(4, heads, hd, rot, layout, inv, q), x.data(),
                                                            other.data());
            }
          }
          INFO("layout " << int(layout) << " simd " << simd << " block " << block << " order " << order);
          REQUIRE(std::memcmp(whole.data(), parts.data(), n * sizeof(float)) == 0);
        }
      }
      // One RopeRows across the blocks (the wrapper's stream), in order and out of it, in place.
      for (int block : {1, 7, 16, 1024, 1500}) {
        for (bool backwards : {false, true}) {
          std::vector<float> parts(x);
          RopeRows rows(all, simd);
          std::vector<int> starts;
          for (int r0 = 0; r0 < seq; r0 += block) starts.push_back(r0);
          if (backwards) std::reverse(starts.begin(), starts.end());
          for (int r0 : starts) {
            rows.apply(parts.data() + r0 * row, parts.data() + r0 * row, r0, std::min(block, seq - r0));
          }
          INFO("RopeRows layout " << int(layout) << " simd " << simd << " block " << block << " backwards " << backwards);
          REQUIRE(std::memcmp(whole.data(), parts.data(), n * sizeof(float)) == 0);
        }
      }
    }
  }
}

namespace {

// float64 reference of a 4-D call, from the definitions: element (b, s, h, j) of x sits at
// ((b·S + s)·H + h)·D + j ([batch, seq, heads, dim]) or ((b·H + h)·S + s)·D + j ([batch, heads, seq,
// dim]); its position is pos[s] (shared) or pos[b·S + s] (per row); the rotary slice is coordinates
// off … off + rot − 1; split: the turned slice written as [a'0 a'1 … | b'0 b'1 …].
std::vector<double> rope4_reference(const std::vector<float>& x, int B, int S, int H, int D, bool heads_seq,
                                    const std::vector<double>& pos, int rot, int off, RopeLayout layout, bool split,
                                    const std::vector<double>& inv, double af) {
  std::vector<double> y(x.begin(), x.end());
  const bool per_row = static_cast<int>(pos.size()) == B * S && B > 1;
  for (int b = 0; b < B; ++b) {
    for (int s = 0; s < S; ++s) {
      const double p = per_row ? pos[static_cast<std::size_t>(b) * S + s] : pos[s];
      for (int h = 0; h < H; ++h) {
        const std::size_t at = heads_seq ? ((static_cast<std::size_t>(b) * H + h) * S + s) * D
                                         : ((static_cast<std::size_t>(b) * S + s) * H + h) * D;
        const std::size_t base = at + off;
        std::vector<double> turned(rot);
        for (int i = 0; i < rot / 2; ++i) {
          const int ia = layout == RopeLayout::Interleaved ? 2 * i : i;
          const int ib = layout == RopeLayout::Interleaved ? 2 * i + 1 : i + rot / 2;
          const double c = std::cos(p * inv[i]) * af, sn = std::sin(p * inv[i]) * af;
          const double xa = x[base + ia], xb = x[base + ib];
          turned[split ? i : ia] = xa * c - xb * sn;
          turned[split ? rot / 2 + i : ib] = xa * sn + xb * c;
        }
        for (int j = 0; j < rot; ++j) y[base + j] = turned[j];
      }
    }
  }
  return y;
}

}  // namespace

TEST_CASE("RoPE kernel 4-D: both orders, shared and per-row positions, MLA slice last, transformers' pair order") {
  struct Case {
    int B, S, H, D, rot, off;
  };
  // rot 64 / 128: the fixed-size loops (four slices at a time in [b, h, s, d]); 12, 20: the general
  // loops and a tail of pairs; 64 at offset 128 of 192: DeepSeek's MLA head.
  const Case cases[] = {{2, 5, 3, 64, 64, 0}, {3, 19, 5, 128, 128, 0}, {2, 7, 4, 20, 12, 0},
                        {2, 9, 3, 192, 64, 128}, {1, 33, 6, 24, 20, 4}, {4, 3, 1, 128, 128, 0}};
  for (const Case& c : cases) {
    const auto inv = default_inv_freq(c.rot, 10000);
    const std::size_t n = static_cast<std::size_t>(c.B) * c.S * c.H * c.D;
    const auto x = random_floats(n, c.S * 7 + c.D, 2.0);
    double maxx = 0;
    for (float v : x) maxx = std::max(maxx, std::fabs(static_cast<double>(v)));
    for (bool heads_seq : {false, true}) {
      for (bool per_row : {false, true}) {
        std::vector<double> pos(per_row ? c.B * c.S : c.S);
        for (std::size_t k = 0; k < pos.size(); ++k) pos[k] = per_row ? 3.0 * k + 1000 * (k % 3) : static_cast<double>(k);
        for (auto layout : {RopeLayout::Interleaved, RopeLayout::Half}) {
          for (bool split : {false, true}) {
            if (split && layout == RopeLayout::Half) continue;
            RopeArgs a = rope_args(c.S, c.H, c.D, c.rot, layout, inv,
                                   per_row ? Positions::list(pos.data(), static_cast<std::int64_t>(pos.size()))
                                           : Positions::range(c.S));
            a.batch = c.B;
            a.order = heads_seq ? RopeOrder::HeadsSeq : RopeOrder::SeqHeads;
            a.rot_offset = c.off;
            a.split_pairs = split;
            a.attention_factor = 1.25f;
            const auto ref = rope4_reference(x, c.B, c.S, c.H, c.D, heads_seq, pos, c.rot, c.off, layout, split, inv, 1.25);
            std::vector<float> g(n), s(n), in_place(x);
            rope_apply_generic(a, x.data(), g.data());
            rope_apply_simd(a, x.data(), s.data());
            rope_apply_simd(a, in_place.data(), in_place.data());
            double eg = 0, es = 0;
            for (std::size_t i = 0; i < n; ++i) {
              eg = std::max(eg, std::fabs(ref[i] - g[i]));
              es = std::max(es, std::fabs(ref[i] - s[i]));
            }
            INFO("B " << c.B << " S " << c.S << " H " << c.H << " D " << c.D << " rot " << c.rot << " off " << c.off
                      << " bhsd " << heads_seq << " per-row " << per_row << " layout " << int(layout) << " split "
                      << split << ": generic " << eg << ", simd " << es);
            REQUIRE(eg <= 2e-6 * maxx * 1.25);
            REQUIRE(es <= 2e-6 * maxx * 1.25);
            REQUIRE(std::memcmp(in_place.data(), s.data(), n * sizeof(float)) == 0);
          }
        }
      }
    }
  }
}

TEST_CASE("RoPE kernel 4-D: [b, h, s, d] in gathered blocks of positions gives the bits of one call") {
  // The wrapper streams a [batch, heads, seq, dim] array a block of positions at a time, gathered
  // from every slice into [batch·heads, block, dim] (slice_stride block·dim).
  const int B = 2, H = 3, S = 70, D = 64;
  const auto inv = default_inv_freq(D, 10000);
  const std::size_t n = static_cast<std::size_t>(B) * H * S * D;
  const auto x = random_floats(n, 77, 2.0);
  std::vector<double> rowpos(B * S);
  for (int k = 0; k < B * S; ++k) rowpos[k] = k % S + 5 * (k / S);
  for (bool per_row : {false, true}) {
    for (bool simd : {false, true}) {
      RopeArgs a = rope_args(S, H, D, D, RopeLayout::Half, inv,
                             per_row ? Positions::list(rowpos.data(), B * S) : Positions::range(S));
      a.batch = B;
      a.order = RopeOrder::HeadsSeq;
      std::vector<float> whole(n);
      (simd ? rope_apply_simd : rope_apply_generic)(a, x.data(), whole.data());
      for (int block : {1, 16, 23, 70}) {
        std::vector<float> parts(n), buf(static_cast<std::size_t>(B) * H * block * D);
        RopeRows rows(a, simd);
        for (int s0 = 0; s0 < S; s0 += block) {
          const int cnt = std::min(block, S - s0);
          for (int g = 0; g < B * H; ++g) {  // gather
            std::memcpy(buf.data() + static_cast<std::size_t>(g) * block * D,
                        x.data() + (static_cast<std::size_t>(g) * S + s0) * D, sizeof(float) * cnt * D);
          }
          rows.apply(buf.data(), buf.data(), s0, cnt, static_cast<std::size_t>(block) * D);
          for (int g = 0; g < B * H; ++g) {  // scatter
            std::memcpy(parts.data() + (static_cast<std::size_t>(g) * S + s0) * D,
                        buf.data() + static_cast<std::size_t>(g) * block * D, sizeof(float) * cnt * D);
          }
        }
        INFO("per-row " << per_row << " simd " << simd << " block " << block);
        REQUIRE(std::memcmp(whole.data(), parts.data(), n * sizeof(float)) == 0);
      }
    }
  }
}


TEST_CASE("decode step: each scheme's positional work for one new token, against the same work written out") {
  using Catch::Matchers::WithinAbs;
  using posenc::kernels::DecodeState;
  using posenc::kernels::DecodeWork;
  const int H = 2, hd = 4, L = 5;
  {  // table: x += table[p]
    DecodeState s(H, hd, L, 2);
    const auto x0 = s.x();
    s.run(DecodeWork::Table, 1, L);
    for (int c = 0; c < H * hd; ++c) REQUIRE(s.x()[c] == x0[c] + s.table()[static_cast<std::size_t>(L) * H * hd + c]);
  }
  {  // rope: every head of q turned by p·ω_i, pair (2i, 2i+1)
    DecodeState s(H, hd, L, 2);
    const auto q0 = s.q();
    s.run(DecodeWork::Rope, 1, L);
    for (int h = 0; h < H; ++h) {
      for (int i = 0; i < hd / 2; ++i) {
        const double a = L * std::pow(10000.0, -2.0 * i / hd);
        const double x = q0[h * hd + 2 * i], y = q0[h * hd + 2 * i + 1];
        REQUIRE_THAT(s.q()[h * hd + 2 * i], WithinAbs(x * std::cos(a) - y * std::sin(a), 1e-6));
        REQUIRE_THAT(s.q()[h * hd + 2 * i + 1], WithinAbs(x * std::sin(a) + y * std::cos(a), 1e-6));
      }
    }
  }
  {  // alibi: s_h[j] = −m_h·(p − j), m_h = 2^(−8(h+1)/H)
    DecodeState s(H, hd, L, 2);
    s.run(DecodeWork::Alibi, 1, L);
    for (int h = 0; h < H; ++h)
      for (int j = 0; j < L; ++j) REQUIRE_THAT(s.scores()[h * L + j], WithinAbs(-std::pow(2.0, -8.0 * (h + 1) / H) * (L - j), 1e-6));
  }
  {  // t5: s_h[j] = b[bucket(p − j)][h]; distances below 16 are their own bucket
    DecodeState s(H, hd, L, 2);
    s.run(DecodeWork::T5, 1, L);
    for (int h = 0; h < H; ++h)
      for (int j = 0; j < L; ++j) REQUIRE(s.scores()[h * L + j] == s.t5_bias()[static_cast<std::size_t>(L - j) * H + h]);
  }
  {  // attention: s_h[j] = q_h · k_h[j]
    DecodeState s(H, hd, L, 2);
    s.run(DecodeWork::Attention, 1, L);
    for (int h = 0; h < H; ++h) {
      for (int j = 0; j < L; ++j) {
        double dot = 0;
        for (int c = 0; c < hd; ++c) dot += s.q()[h * hd + c] * s.keys()[(static_cast<std::size_t>(h) * L + j) * hd + c];
        REQUIRE_THAT(s.scores()[h * L + j], WithinAbs(dot, 1e-5));
      }
    }
  }
  // the entry checks its arguments
  REQUIRE_FALSE(posenc::entry::decode_begin(0, 4, 8, 8).ok());
  REQUIRE_FALSE(posenc::entry::decode_begin(2, 3, 8, 8).ok());
  REQUIRE_FALSE(posenc::entry::decode_begin(256, 1024, 1 << 20, 1).ok());  // too many bytes
  {  // a long run cycles through a window of positions: no table row per step
    DecodeState s(H, hd, L, 100000);
    REQUIRE(std::isfinite(s.run(DecodeWork::Table, 100000, L)));
    REQUIRE(std::isfinite(s.run(DecodeWork::T5, 1000, L)));
  }
  auto st = posenc::entry::decode_begin(2, 4, 8, 8);
  REQUIRE(st.ok());
  REQUIRE_FALSE(posenc::entry::decode_run(st.value, 6, 1, 4).ok());
  REQUIRE_FALSE(posenc::entry::decode_run(st.value, 2, 9, 4).ok());
  REQUIRE_FALSE(posenc::entry::decode_run(st.value, 2, 1, 9).ok());
  REQUIRE(posenc::entry::decode_run(st.value, 2, 8, 8).ok());
  posenc::entry::decode_end(st.value);
}
