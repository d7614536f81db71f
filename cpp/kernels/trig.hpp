// float32 sin/cos of float64 angles, accurate to ~2e-7 absolute for |angle| < 2^20; larger angles
// go to libm's float64 sin/cos (its Payne–Hanek reduction), since the reduction below is exact only
// there and, past |a·2/π| ≈ 2^51, returns values far outside [−1, 1] (2e18 at a = 1e20).
//
//   k = round(a · 2/π)                  in float64
//   r = a − k·(π/2)                     Cody–Waite, π/2 split in three parts (fdlibm's pio2_1,
//                                       pio2_2, pio2_2t): k·part is exact for |k| < 2^20
//   r → float32, |r| ≤ π/4
//   sin r, cos r by the Cephes sinf/cosf minimax polynomials (≤ 1 ulp on [−π/4, π/4])
//   quadrant k mod 4 swaps and negates: sin a = (sin r, cos r, −sin r, −cos r)[k mod 4]
//
// Why float64 first: a float32 angle pos·θ at pos ≈ 10^6 is only known to ~0.06 rad, so no float32
// sine can be right there. The reduction is the only float64 work; the polynomial runs in float32.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "v128.hpp"

namespace posenc::kernels {

namespace trig {
constexpr double kTwoOverPi = 6.36619772367581382433e-01;
constexpr double kPio2_1 = 1.57079632673412561417e+00;   // first 33 bits of π/2
constexpr double kPio2_2 = 6.07710050630396597660e-11;   // next 33 bits
constexpr double kPio2_2t = 2.02226624879595063154e-21;  // π/2 − kPio2_1 − kPio2_2
constexpr double kRoundShift = 6755399441055744.0;       // 1.5·2^52: adding it rounds to an integer
constexpr double kReduceLimit = 1048576.0;               // 2^20: |k| < 2^20 below it, so k·kPio2_1 is exact
constexpr float kS1 = -1.6666654611e-1f, kS2 = 8.3321608736e-3f, kS3 = -1.9515295891e-4f;
constexpr float kC1 = 4.166664568298827e-2f, kC2 = -1.388731625493765e-3f, kC3 = 2.443315711809948e-5f;
}  // namespace trig

// Scalar reference, the generic twin of sincos4.
inline void sincos1(double a, float& s, float& c) {
  using namespace trig;
  if (!(std::fabs(a) < kReduceLimit)) {
    s = static_cast<float>(std::sin(a));
    c = static_cast<float>(std::cos(a));
    return;
  }
  const double shifted = a * kTwoOverPi + kRoundShift;
  const double k = shifted - kRoundShift;
  std::uint64_t bits;
  std::memcpy(&bits, &shifted, sizeof bits);
  const auto q = static_cast<std::uint32_t>(bits);  // k mod 2^32 (two's complement)
  const float r = static_cast<float>(((a - k * kPio2_1) - k * kPio2_2) - k * kPio2_2t);
  const float z = r * r;
  const float sp = ((kS3 * z + kS2) * z + kS1) * z * r + r;
  const float cp = ((kC3 * z + kC2) * z + kC1) * z * z - 0.5f * z + 1.0f;
  const bool swap = (q & 1u) != 0;
  s = swap ? cp : sp;
  c = swap ? sp : cp;
  if (q & 2u) s = -s;
  if ((q + 1u) & 2u) c = -c;
}

// Four angles at once (two float64 pairs in, float32 out).
inline void sincos4(simd::D2 a01, simd::D2 a23, simd::F4& s, simd::F4& c) {
  using namespace simd;
  using namespace trig;
  const D2 limit = splat2(kReduceLimit);
  if (any_abs_ge(a01, limit) || any_abs_ge(a23, limit)) {  // rare: lane by lane, as sincos1
    double a[4];
    float sv[4], cv[4];
    store2(a, a01);
    store2(a + 2, a23);
    for (int j = 0; j < 4; ++j) sincos1(a[j], sv[j], cv[j]);
    s = load4(sv);
    c = load4(cv);
    return;
  }
  const D2 two_over_pi = splat2(kTwoOverPi), shift = splat2(kRoundShift);
  const D2 sh01 = a01 * two_over_pi + shift, sh23 = a23 * two_over_pi + shift;
  const D2 k01 = sh01 - shift, k23 = sh23 - shift;
  const D2 p1 = splat2(kPio2_1), p2 = splat2(kPio2_2), p3 = splat2(kPio2_2t);
  const D2 r01 = ((a01 - k01 * p1) - k01 * p2) - k01 * p3;
  const D2 r23 = ((a23 - k23 * p1) - k23 * p2) - k23 * p3;
  const I4 q = low_words(sh01, sh23);
  const F4 r = demote(r01, r23);
  const F4 z = r * r;
  const F4 sp = ((splat4(kS3) * z + splat4(kS2)) * z + splat4(kS1)) * z * r + r;
  const F4 cp = ((splat4(kC3) * z + splat4(kC2)) * z + splat4(kC1)) * z * z - splat4(0.5f) * z + splat4(1.0f);
  const I4 one = splati(1), two = splati(2);
  const I4 swap = eq(q & one, one);
  s = flip_sign(select(swap, cp, sp), shl<30>(q & two));
  c = flip_sign(select(swap, sp, cp), shl<30>((q + one) & two));
}

}  // namespace posenc::kernels
