// A thin 128-bit vector layer so each SIMD kernel is written once and runs as WebAssembly SIMD128
// in the browser and as SSE2 natively (where the tests and the native benchmark run it).
// Only the operations the kernels use; every one maps to one or two instructions on both.
//
//   F4: 4 × float32     D2: 2 × float64     I4: 4 × int32 (also masks)
//
// Without either instruction set (the scalar wasm build) the same code compiles to plain loops,
// which is what `simd_available()` reports so tests can say which path they compared.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define POSENC_V128_WASM 1
#elif defined(__SSE2__)
#include <emmintrin.h>
#define POSENC_V128_SSE2 1
#endif

namespace posenc::simd {

#if defined(POSENC_V128_WASM)

struct F4 { v128_t v; };
struct D2 { v128_t v; };
struct I4 { v128_t v; };

inline constexpr bool simd_available() { return true; }
inline F4 load4(const float* p) { return {wasm_v128_load(p)}; }
inline void store4(float* p, F4 a) { wasm_v128_store(p, a.v); }
inline F4 splat4(float x) { return {wasm_f32x4_splat(x)}; }
inline F4 operator+(F4 a, F4 b) { return {wasm_f32x4_add(a.v, b.v)}; }
inline F4 operator-(F4 a, F4 b) { return {wasm_f32x4_sub(a.v, b.v)}; }
inline F4 operator*(F4 a, F4 b) { return {wasm_f32x4_mul(a.v, b.v)}; }
inline D2 load2(const double* p) { return {wasm_v128_load(p)}; }
inline void store2(double* p, D2 a) { wasm_v128_store(p, a.v); }
inline D2 splat2(double x) { return {wasm_f64x2_splat(x)}; }
// True when |a| ≥ limit in some lane (false for NaN).
inline bool any_abs_ge(D2 a, D2 limit) { return wasm_v128_any_true(wasm_f64x2_ge(wasm_f64x2_abs(a.v), limit.v)); }
inline D2 operator+(D2 a, D2 b) { return {wasm_f64x2_add(a.v, b.v)}; }
inline D2 operator-(D2 a, D2 b) { return {wasm_f64x2_sub(a.v, b.v)}; }
inline D2 operator*(D2 a, D2 b) { return {wasm_f64x2_mul(a.v, b.v)}; }
// [lo0, lo1, hi0, hi1] rounded to float32.
inline F4 demote(D2 lo, D2 hi) {
  return {wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(lo.v), wasm_f32x4_demote_f64x2_zero(hi.v), 0, 1, 4, 5)};
}
// Low 32 bits of each 64-bit lane's bit pattern: [lo0, lo1, hi0, hi1].
inline I4 low_words(D2 lo, D2 hi) { return {wasm_i32x4_shuffle(lo.v, hi.v, 0, 2, 4, 6)}; }
inline I4 splati(std::int32_t x) { return {wasm_i32x4_splat(x)}; }
inline I4 operator&(I4 a, I4 b) { return {wasm_v128_and(a.v, b.v)}; }
inline I4 operator+(I4 a, I4 b) { return {wasm_i32x4_add(a.v, b.v)}; }
inline I4 eq(I4 a, I4 b) { return {wasm_i32x4_eq(a.v, b.v)}; }
template <int N> inline I4 shl(I4 a) { return {wasm_i32x4_shl(a.v, N)}; }
inline F4 select(I4 mask, F4 a, F4 b) { return {wasm_v128_bitselect(a.v, b.v, mask.v)}; }
inline I4 gt(F4 a, F4 b) { return {wasm_f32x4_gt(a.v, b.v)}; }  // all ones where a > b (false for NaN)
inline F4 flip_sign(F4 a, I4 sign_bits) { return {wasm_v128_xor(a.v, sign_bits.v)}; }
inline F4 swap_pairs(F4 a) { return {wasm_i32x4_shuffle(a.v, a.v, 1, 0, 3, 2)}; }
inline F4 interleave_lo(F4 a, F4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 0, 4, 1, 5)}; }
inline F4 interleave_hi(F4 a, F4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 2, 6, 3, 7)}; }
inline F4 even_lanes(F4 a, F4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 0, 2, 4, 6)}; }  // [a0 a2 b0 b2]
inline F4 odd_lanes(F4 a, F4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 1, 3, 5, 7)}; }   // [a1 a3 b1 b3]
inline float hsum(F4 a) {
  return (wasm_f32x4_extract_lane(a.v, 0) + wasm_f32x4_extract_lane(a.v, 1)) +
         (wasm_f32x4_extract_lane(a.v, 2) + wasm_f32x4_extract_lane(a.v, 3));
}

#elif defined(POSENC_V128_SSE2)

struct F4 { __m128 v; };
struct D2 { __m128d v; };
struct I4 { __m128i v; };

inline constexpr bool simd_available() { return true; }
inline F4 load4(const float* p) { return {_mm_loadu_ps(p)}; }
inline void store4(float* p, F4 a) { _mm_storeu_ps(p, a.v); }
inline F4 splat4(float x) { return {_mm_set1_ps(x)}; }
inline F4 operator+(F4 a, F4 b) { return {_mm_add_ps(a.v, b.v)}; }
inline F4 operator-(F4 a, F4 b) { return {_mm_sub_ps(a.v, b.v)}; }
inline F4 operator*(F4 a, F4 b) { return {_mm_mul_ps(a.v, b.v)}; }
inline D2 load2(const double* p) { return {_mm_loadu_pd(p)}; }
inline void store2(double* p, D2 a) { _mm_storeu_pd(p, a.v); }
inline D2 splat2(double x) { return {_mm_set1_pd(x)}; }
inline bool any_abs_ge(D2 a, D2 limit) {
  const __m128d abs = _mm_andnot_pd(_mm_set1_pd(-0.0), a.v);
  return _mm_movemask_pd(_mm_cmpge_pd(abs, limit.v)) != 0;
}
inline D2 operator+(D2 a, D2 b) { return {_mm_add_pd(a.v, b.v)}; }
inline D2 operator-(D2 a, D2 b) { return {_mm_sub_pd(a.v, b.v)}; }
inline D2 operator*(D2 a, D2 b) { return {_mm_mul_pd(a.v, b.v)}; }
inline F4 demote(D2 lo, D2 hi) { return {_mm_movelh_ps(_mm_cvtpd_ps(lo.v), _mm_cvtpd_ps(hi.v))}; }
inline I4 low_words(D2 lo, D2 hi) {
  return {_mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(lo.v), _mm_castpd_ps(hi.v), _MM_SHUFFLE(2, 0, 2, 0)))};
}
inline I4 splati(std::int32_t x) { return {_mm_set1_epi32(x)}; }
inline I4 operator&(I4 a, I4 b) { return {_mm_and_si128(a.v, b.v)}; }
inline I4 operator+(I4 a, I4 b) { return {_mm_add_epi32(a.v, b.v)}; }
inline I4 eq(I4 a, I4 b) { return {_mm_cmpeq_epi32(a.v, b.v)}; }
template <int N> inline I4 shl(I4 a) { return {_mm_slli_epi32(a.v, N)}; }
inline F4 select(I4 mask, F4 a, F4 b) {
  const __m128 m = _mm_castsi128_ps(mask.v);
  return {_mm_or_ps(_mm_and_ps(m, a.v), _mm_andnot_ps(m, b.v))};
}
inline I4 gt(F4 a, F4 b) { return {_mm_castps_si128(_mm_cmpgt_ps(a.v, b.v))}; }
inline F4 flip_sign(F4 a, I4 sign_bits) { return {_mm_xor_ps(a.v, _mm_castsi128_ps(sign_bits.v))}; }
inline F4 swap_pairs(F4 a) { return {_mm_shuffle_ps(a.v, a.v, _MM_SHUFFLE(2, 3, 0, 1))}; }
inline F4 interleave_lo(F4 a, F4 b) { return {_mm_unpacklo_ps(a.v, b.v)}; }
inline F4 interleave_hi(F4 a, F4 b) { return {_mm_unpackhi_ps(a.v, b.v)}; }
inline F4 even_lanes(F4 a, F4 b) { return {_mm_shuffle_ps(a.v, b.v, _MM_SHUFFLE(2, 0, 2, 0))}; }
inline F4 odd_lanes(F4 a, F4 b) { return {_mm_shuffle_ps(a.v, b.v, _MM_SHUFFLE(3, 1, 3, 1))}; }
inline float hsum(F4 a) {
  alignas(16) float t[4];
  _mm_store_ps(t, a.v);
  return (t[0] + t[1]) + (t[2] + t[3]);
}

#else  // plain loops: the scalar build

struct F4 { float v[4]; };
struct D2 { double v[2]; };
struct I4 { std::int32_t v[4]; };

inline constexpr bool simd_available() { return false; }
inline F4 load4(const float* p) { F4 r; std::memcpy(r.v, p, sizeof r.v); return r; }
inline void store4(float* p, F4 a) { std::memcpy(p, a.v, sizeof a.v); }
inline F4 splat4(float x) { return {{x, x, x, x}}; }
inline F4 operator+(F4 a, F4 b) { for (int i = 0; i < 4; ++i) a.v[i] += b.v[i]; return a; }
inline F4 operator-(F4 a, F4 b) { for (int i = 0; i < 4; ++i) a.v[i] -= b.v[i]; return a; }
inline F4 operator*(F4 a, F4 b) { for (int i = 0; i < 4; ++i) a.v[i] *= b.v[i]; return a; }
inline D2 load2(const double* p) { return {{p[0], p[1]}}; }
inline void store2(double* p, D2 a) { p[0] = a.v[0]; p[1] = a.v[1]; }
inline D2 splat2(double x) { return {{x, x}}; }
inline bool any_abs_ge(D2 a, D2 limit) { return std::fabs(a.v[0]) >= limit.v[0] || std::fabs(a.v[1]) >= limit.v[1]; }
inline D2 operator+(D2 a, D2 b) { return {{a.v[0] + b.v[0], a.v[1] + b.v[1]}}; }
inline D2 operator-(D2 a, D2 b) { return {{a.v[0] - b.v[0], a.v[1] - b.v[1]}}; }
inline D2 operator*(D2 a, D2 b) { return {{a.v[0] * b.v[0], a.v[1] * b.v[1]}}; }
inline F4 demote(D2 lo, D2 hi) {
  return {{static_cast<float>(lo.v[0]), static_cast<float>(lo.v[1]), static_cast<float>(hi.v[0]),
           static_cast<float>(hi.v[1])}};
}
inline std::int32_t low_word(double d) { std::uint64_t u; std::memcpy(&u, &d, 8); return static_cast<std::int32_t>(u); }
inline I4 low_words(D2 lo, D2 hi) { return {{low_word(lo.v[0]), low_word(lo.v[1]), low_word(hi.v[0]), low_word(hi.v[1])}}; }
inline I4 splati(std::int32_t x) { return {{x, x, x, x}}; }
inline I4 operator&(I4 a, I4 b) { for (int i = 0; i < 4; ++i) a.v[i] &= b.v[i]; return a; }
inline I4 operator+(I4 a, I4 b) { for (int i = 0; i < 4; ++i) a.v[i] += b.v[i]; return a; }
inline I4 eq(I4 a, I4 b) { for (int i = 0; i < 4; ++i) a.v[i] = a.v[i] == b.v[i] ? -1 : 0; return a; }
template <int N> inline I4 shl(I4 a) {
  for (int i = 0; i < 4; ++i) a.v[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(a.v[i]) << N);
  return a;
}
inline F4 select(I4 mask, F4 a, F4 b) { for (int i = 0; i < 4; ++i) a.v[i] = mask.v[i] ? a.v[i] : b.v[i]; return a; }
inline I4 gt(F4 a, F4 b) { I4 r; for (int i = 0; i < 4; ++i) r.v[i] = a.v[i] > b.v[i] ? -1 : 0; return r; }
inline F4 flip_sign(F4 a, I4 bits) {
  for (int i = 0; i < 4; ++i) {
    std::uint32_t u; std::memcpy(&u, &a.v[i], 4); u ^= static_cast<std::uint32_t>(bits.v[i]); std::memcpy(&a.v[i], &u, 4);
  }
  return a;
}
inline F4 swap_pairs(F4 a) { return {{a.v[1], a.v[0], a.v[3], a.v[2]}}; }
inline F4 interleave_lo(F4 a, F4 b) { return {{a.v[0], b.v[0], a.v[1], b.v[1]}}; }
inline F4 interleave_hi(F4 a, F4 b) { return {{a.v[2], b.v[2], a.v[3], b.v[3]}}; }
inline F4 even_lanes(F4 a, F4 b) { return {{a.v[0], a.v[2], b.v[0], b.v[2]}}; }
inline F4 odd_lanes(F4 a, F4 b) { return {{a.v[1], a.v[3], b.v[1], b.v[3]}}; }
inline float hsum(F4 a) { return (a.v[0] + a.v[1]) + (a.v[2] + a.v[3]); }

#endif

}  // namespace posenc::simd
