#include "matmul_kernel.hpp"

#include <type_traits>

#include "v128.hpp"

namespace posenc::kernels {

namespace {

// Element (i, p) of op(A) and (p, j) of op(B), whichever form is stored.
template <class T>
T a_at(const MatmulArgs<T>& g, int i, int p) {
  return g.op == MatmulOp::TN ? g.a[static_cast<long>(p) * g.lda + i] : g.a[static_cast<long>(i) * g.lda + p];
}
template <class T>
T b_at(const MatmulArgs<T>& g, int p, int j) {
  return g.op == MatmulOp::NT ? g.b[static_cast<long>(j) * g.ldb + p] : g.b[static_cast<long>(p) * g.ldb + j];
}

}  // namespace

template <class T>
void matmul_generic(const MatmulArgs<T>& g) {
  for (int i = 0; i < g.m; ++i) {    // row of C
    T* c = g.c + static_cast<long>(i) * g.ldc;
    for (int j = 0; j < g.n; ++j) {  // column of C
      T s = g.accumulate ? c[j] : T(0);
      for (int p = 0; p < g.k; ++p) s += a_at(g, i, p) * b_at(g, p, j);  // inner dimension
      c[j] = s;
    }
  }
}

template void matmul_generic<float>(const MatmulArgs<float>&);
template void matmul_generic<double>(const MatmulArgs<double>&);

namespace {

using namespace simd;

// Where the simd driver reads A: element (i, p) at a[i·rs + p·ks].
struct AView {
  const float* a;
  long rs, ks;
};

// R rows × 4·CV columns of C over inner indices 0 … k−1; B's row p (4·CV floats) at b + p·b_ks.
// The small loops are unrolled by pragma so the R·CV accumulators stay in registers (g++ -O2
// otherwise keeps the array on the stack and runs at a third of the speed).
template <int R, int CV>
inline void block(int k, const float* a, long a_rs, long a_ks, const float* b, long b_ks, float* c, long ldc,
                  bool accumulate) {
  F4 s[R][CV];
#pragma GCC unroll 4
  for (int r = 0; r < R; ++r) {
#pragma GCC unroll 2
    for (int v = 0; v < CV; ++v) s[r][v] = accumulate ? load4(c + r * ldc + 4 * v) : splat4(0);
  }
  for (int p = 0; p < k; ++p) {  // inner dimension
    const float* bp = b + p * b_ks;
    F4 bv[CV];
#pragma GCC unroll 2
    for (int v = 0; v < CV; ++v) bv[v] = load4(bp + 4 * v);
    const float* ap = a + p * a_ks;
#pragma GCC unroll 4
    for (int r = 0; r < R; ++r) {  // row
      const F4 av = splat4(ap[r * a_rs]);
#pragma GCC unroll 2
      for (int v = 0; v < CV; ++v) s[r][v] = s[r][v] + av * bv[v];
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < R; ++r) {
#pragma GCC unroll 2
    for (int v = 0; v < CV; ++v) store4(c + r * ldc + 4 * v, s[r][v]);
  }
}

// Columns j … j+4·CV−1 of C for every row, B's piece for inner index p at b + p·b_ks.
template <int CV>
void column_panel(const MatmulArgs<float>& g, const AView& av, int j, int k0, int kc, const float* b, long b_ks,
                  bool accumulate) {
  const long ldc = g.ldc;
  int i = 0;
  for (; i + 4 <= g.m; i += 4) {  // four rows
    block<4, CV>(kc, av.a + i * av.rs + k0 * av.ks, av.rs, av.ks, b, b_ks, g.c + i * ldc + j, ldc, accumulate);
  }
  for (; i < g.m; ++i) {  // rows left over
    block<1, CV>(kc, av.a + i * av.rs + k0 * av.ks, av.rs, av.ks, b, b_ks, g.c + i * ldc + j, ldc, accumulate);
  }
}

// The last n mod 4 columns, one element at a time (same order of summation).
void column_tail(const MatmulArgs<float>& g, int j0) {
  for (int i = 0; i < g.m; ++i) {      // row
    for (int j = j0; j < g.n; ++j) {   // column
      float s = g.accumulate ? g.c[static_cast<long>(i) * g.ldc + j] : 0.0f;
      for (int p = 0; p < g.k; ++p) s += a_at(g, i, p) * b_at(g, p, j);
      g.c[static_cast<long>(i) * g.ldc + j] = s;
    }
  }
}

// Inner-dimension chunk for the packed Bᵀ panel: 8 columns × 256 floats = 8 KiB of stack.
constexpr int kPanelK = 256;

}  // namespace

void matmul_simd(const MatmulArgs<float>& g) {
  if (g.m <= 0 || g.n <= 0) return;
  const AView av = g.op == MatmulOp::TN ? AView{g.a, 1, g.lda} : AView{g.a, g.lda, 1};
  if (g.k <= 0) {  // empty sum: C = 0 (or unchanged)
    if (!g.accumulate) {
      for (int i = 0; i < g.m; ++i) {
        for (int j = 0; j < g.n; ++j) g.c[static_cast<long>(i) * g.ldc + j] = 0;
      }
    }
    return;
  }
  int j = 0;
  if (g.op != MatmulOp::NT) {
    // B's rows are contiguous along j: read 4·CV columns straight from B.
    for (; j + 8 <= g.n; j += 8) column_panel<2>(g, av, j, 0, g.k, g.b + j, g.ldb, g.accumulate);
    for (; j + 4 <= g.n; j += 4) column_panel<1>(g, av, j, 0, g.k, g.b + j, g.ldb, g.accumulate);
  } else {
    // Bᵀ's columns are B's rows: pack panel[p][jj] = B[j + jj][p], k in chunks.
    alignas(16) float panel[kPanelK * 8];
    auto packed = [&](auto width_tag, int j0) {
      constexpr int W = decltype(width_tag)::value;
      for (int k0 = 0; k0 < g.k; k0 += kPanelK) {  // inner-dimension chunk
        const int kc = g.k - k0 < kPanelK ? g.k - k0 : kPanelK;
        for (int jj = 0; jj < W; ++jj) {           // column of the panel
          const float* brow = g.b + static_cast<long>(j0 + jj) * g.ldb + k0;
          for (int p = 0; p < kc; ++p) panel[p * W + jj] = brow[p];
        }
        column_panel<W / 4>(g, av, j0, k0, kc, panel, W, g.accumulate || k0 > 0);
      }
    };
    for (; j + 8 <= g.n; j += 8) packed(std::integral_constant<int, 8>{}, j);
    for (; j + 4 <= g.n; j += 4) packed(std::integral_constant<int, 4>{}, j);
  }
  if (j < g.n) column_tail(g, j);
}

}  // namespace posenc::kernels
