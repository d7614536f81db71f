// The lab's kernels. Matrix products: SIMD against the generic twin and both against a float64
// reference, over sizes around the 4 × 8 block (1, 3, 7, N−1, N, N+1, 3N, 8N+2 with N = 8, and
// 4-wide pieces), inner lengths past the 256-float packed panel, misaligned starts and leading
// dimensions wider than the matrices. ReLU: SIMD = generic bit for bit, including −0, NaN and in
// place. Runs natively (SSE2) and in wasm (SIMD128).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "kernels/elementwise_kernel.hpp"
#include "kernels/matmul_kernel.hpp"
#include "posenc/absolute.hpp"

using namespace posenc;
using namespace posenc::kernels;

namespace {

std::vector<float> random_floats(std::size_t n, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<float> v(n);
  for (auto& x : v) x = static_cast<float>(rng.normal());
  return v;
}

struct Case {
  MatmulOp op;
  int m, n, k;
  bool accumulate;
};

// Stored shapes of A and B for op(A) m × k and op(B) k × n.
int a_rows(const Case& c) { return c.op == MatmulOp::TN ? c.k : c.m; }
int a_cols(const Case& c) { return c.op == MatmulOp::TN ? c.m : c.k; }
int b_rows(const Case& c) { return c.op == MatmulOp::NT ? c.n : c.k; }
int b_cols(const Case& c) { return c.op == MatmulOp::NT ? c.k : c.n; }

// Runs one case with padded leading dimensions and buffers starting one float past an aligned
// address; checks the largest error against float64, in units of the bound k·ε·Σ|a||b| (+|c0|).
void check(const Case& cs, std::uint64_t seed) {
  const int lda = a_cols(cs) + 3, ldb = b_cols(cs) + 1, ldc = cs.n + 5;
  const auto a = random_floats(static_cast<std::size_t>(a_rows(cs)) * lda + 1, seed);
  const auto b = random_floats(static_cast<std::size_t>(b_rows(cs)) * ldb + 1, seed + 1);
  const auto c0 = random_floats(static_cast<std::size_t>(cs.m) * ldc + 1, seed + 2);
  auto cg = c0, cs_ = c0;
  MatmulArgs<float> g{cs.op, cs.m, cs.n, cs.k, a.data() + 1, lda, b.data() + 1, ldb, cg.data() + 1, ldc, cs.accumulate};
  matmul_generic(g);
  g.c = cs_.data() + 1;
  matmul_simd(g);

  auto A = [&](int i, int p) -> double {
    return cs.op == MatmulOp::TN ? a[1 + static_cast<std::size_t>(p) * lda + i] : a[1 + static_cast<std::size_t>(i) * lda + p];
  };
  auto B = [&](int p, int j) -> double {
    return cs.op == MatmulOp::NT ? b[1 + static_cast<std::size_t>(j) * ldb + p] : b[1 + static_cast<std::size_t>(p) * ldb + j];
  };
  const double eps = std::ldexp(1.0, -24);
  // Worst ratio of error to its bound over all of C (one assertion per case keeps the suite quick).
  double worst_g = 0, worst_s = 0, worst_gs = 0;
  for (int i = 0; i < cs.m; ++i) {
    for (int j = 0; j < cs.n; ++j) {
      const std::size_t at = 1 + static_cast<std::size_t>(i) * ldc + j;
      double ref = cs.accumulate ? static_cast<double>(c0[at]) : 0.0;
      double mag = std::fabs(ref);
      for (int p = 0; p < cs.k; ++p) {
        ref += A(i, p) * B(p, j);
        mag += std::fabs(A(i, p) * B(p, j));
      }
      // Recursive summation of k + 1 terms: |error| ≤ (k + 1)·ε·Σ|terms| (plus the final rounding).
      const double bound = (cs.k + 2) * eps * mag + 1e-30;
      worst_g = std::max(worst_g, std::fabs(cg[at] - ref) / bound);
      worst_s = std::max(worst_s, std::fabs(cs_[at] - ref) / bound);
      // Same order of summation in both twins: equal up to fused multiply-adds.
      worst_gs = std::max(worst_gs, std::fabs(cg[at] - cs_[at]) / (2 * bound));
    }
  }
  INFO("op " << int(cs.op) << " m " << cs.m << " n " << cs.n << " k " << cs.k << " acc " << cs.accumulate);
  REQUIRE(worst_g <= 1);
  REQUIRE(worst_s <= 1);
  REQUIRE(worst_gs <= 1);
  // Padding between rows and around the matrices is never written.
  bool untouched = true;
  for (std::size_t at = 0; at < c0.size(); ++at) {
    const bool inside = at >= 1 && (at - 1) / ldc < static_cast<std::size_t>(cs.m) &&
                        (at - 1) % ldc < static_cast<std::size_t>(cs.n);
    if (!inside) untouched = untouched && cg[at] == c0[at] && cs_[at] == c0[at];
  }
  REQUIRE(untouched);
}

}  // namespace

TEST_CASE("matmul: SIMD = generic = float64 reference over awkward sizes, misaligned, all three forms") {
  const int rows[] = {1, 3, 4, 5, 7, 9};
  const int cols[] = {1, 3, 4, 5, 7, 8, 9, 24, 66};
  const int inner[] = {1, 3, 7, 8, 9, 24, 66, 300};
  std::uint64_t seed = 1;
  for (auto op : {MatmulOp::NN, MatmulOp::NT, MatmulOp::TN}) {
    for (int m : rows) {
      for (int n : cols) {
        for (int k : inner) {
          for (bool acc : {false, true}) check({op, m, n, k, acc}, seed++);
        }
      }
    }
  }
}

TEST_CASE("matmul: sizes of the lab's layers (tokens × d_model × d_mlp)") {
  std::uint64_t seed = 1000;
  for (auto op : {MatmulOp::NN, MatmulOp::NT, MatmulOp::TN}) {
    check({op, 67, 64, 256, false}, seed++);
    check({op, 64, 256, 67, true}, seed++);
    check({op, 33, 33, 16, false}, seed++);
  }
}

TEST_CASE("matmul: an empty inner dimension gives zeros, or leaves C when accumulating") {
  std::vector<float> c = {1, 2, 3, 4};
  const float dummy = 0;
  for (auto op : {MatmulOp::NN, MatmulOp::NT, MatmulOp::TN}) {
    auto g = c;
    matmul_simd({op, 2, 2, 0, &dummy, 1, &dummy, 1, g.data(), 2, true});
    REQUIRE(g == c);
    matmul_simd({op, 2, 2, 0, &dummy, 1, &dummy, 1, g.data(), 2, false});
    REQUIRE(g == std::vector<float>{0, 0, 0, 0});
    g = c;
    matmul_generic(MatmulArgs<float>{op, 2, 2, 0, &dummy, 1, &dummy, 1, g.data(), 2, false});
    REQUIRE(g == std::vector<float>{0, 0, 0, 0});
  }
}

TEST_CASE("matmul: a worked 2 × 3 · 3 × 2 product in each form") {
  // A = [[1, 2, 3], [4, 5, 6]], B = [[7, 8], [9, 10], [11, 12]]: A·B = [[58, 64], [139, 154]].
  const float a[] = {1, 2, 3, 4, 5, 6};
  const float at[] = {1, 4, 2, 5, 3, 6};
  const float b[] = {7, 8, 9, 10, 11, 12};
  const float bt[] = {7, 9, 11, 8, 10, 12};
  const std::vector<float> want = {58, 64, 139, 154};
  std::vector<float> c(4);
  matmul_simd({MatmulOp::NN, 2, 2, 3, a, 3, b, 2, c.data(), 2, false});
  REQUIRE(c == want);
  matmul_simd({MatmulOp::NT, 2, 2, 3, a, 3, bt, 3, c.data(), 2, false});
  REQUIRE(c == want);
  matmul_simd({MatmulOp::TN, 2, 2, 3, at, 2, b, 2, c.data(), 2, false});
  REQUIRE(c == want);
  matmul_simd({MatmulOp::TN, 2, 2, 3, at, 2, b, 2, c.data(), 2, true});
  REQUIRE(c == std::vector<float>{116, 128, 278, 308});
}

TEST_CASE("relu kernels: SIMD = generic bit for bit, awkward sizes, misaligned, in place, special values") {
  for (long n : {0L, 1L, 3L, 4L, 5L, 7L, 8L, 9L, 33L}) {
    auto x = random_floats(static_cast<std::size_t>(n) + 1, 500 + n);
    auto dy = random_floats(static_cast<std::size_t>(n) + 1, 600 + n);
    if (n >= 4) {
      x[1] = -0.0f;
      x[2] = std::numeric_limits<float>::quiet_NaN();
      x[3] = 0.0f;
    }
    std::vector<float> g(n + 1), s(n + 1), dg(n + 1), ds(n + 1);
    relu_forward_generic(n, x.data() + 1, g.data() + 1);
    relu_forward_simd(n, x.data() + 1, s.data() + 1);
    REQUIRE(std::memcmp(g.data(), s.data(), sizeof(float) * (n + 1)) == 0);
    relu_backward_generic(n, x.data() + 1, dy.data() + 1, dg.data() + 1);
    relu_backward_simd(n, x.data() + 1, dy.data() + 1, ds.data() + 1);
    REQUIRE(std::memcmp(dg.data(), ds.data(), sizeof(float) * (n + 1)) == 0);
    for (long i = 1; i <= n; ++i) {
      const bool on = x[i] > 0;  // NaN and ±0 are off
      REQUIRE(std::memcmp(&s[i], on ? &x[i] : &g[0], sizeof(float)) == 0);  // g[0] is +0
      REQUIRE(ds[i] == (on ? dy[i] : 0.0f));
    }
    auto inplace = dy;
    relu_backward_simd(n, x.data() + 1, inplace.data() + 1, inplace.data() + 1);
    REQUIRE(std::memcmp(inplace.data() + 1, ds.data() + 1, sizeof(float) * n) == 0);
  }
}
