#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "posenc/absolute.hpp"
#include "posenc/relative.hpp"

using namespace posenc;
using Catch::Matchers::WithinRel;

namespace {
// T5's bucket written out from transformers' _relative_position_bucket, in float32 like torch.
int t5_reference(long rel, bool bidirectional, int nb, int maxd) {
  int ret = 0;
  long n = rel;
  if (bidirectional) {
    nb /= 2;
    ret += rel > 0 ? nb : 0;
    n = std::labs(rel);
  } else {
    n = -std::min(rel, 0L);
  }
  const int max_exact = nb / 2;
  if (n < max_exact) return ret + static_cast<int>(n);
  const float v = std::log(static_cast<float>(n) / static_cast<float>(max_exact)) /
                  static_cast<float>(std::log(static_cast<double>(maxd) / max_exact)) * static_cast<float>(nb - max_exact);
  return ret + std::min(max_exact + static_cast<int>(v), nb - 1);
}
}  // namespace

TEST_CASE("T5 buckets match _relative_position_bucket, bidirectional and causal") {
  for (bool bidir : {true, false}) {
    for (int nb : {32, 8, 6}) {
      for (int maxd : {128, 20, 1000}) {
        if (check_t5_options(nb, maxd, bidir).ok() == false) continue;
        for (long rel = -2000; rel <= 2000; ++rel) {
          REQUIRE(t5_bucket(rel, {bidir, nb, maxd}) == t5_reference(rel, bidir, nb, maxd));
        }
      }
    }
  }
  // Landmarks of the default (32 buckets, 128): small offsets exact, far ones share the last bucket.
  const T5Options o;
  REQUIRE(t5_bucket(0, o) == 0);
  REQUIRE(t5_bucket(-1, o) == 1);
  REQUIRE(t5_bucket(1, o) == 17);
  REQUIRE(t5_bucket(-7, o) == 7);
  REQUIRE(t5_bucket(-8, o) == 8);
  REQUIRE(t5_bucket(-1000, o) == 15);
  REQUIRE(t5_bucket(1000, o) == 31);
  REQUIRE(t5_bucket(5, {false, 32, 128}) == 0);  // causal: keys after the query
  REQUIRE_FALSE(check_t5_options(3, 128, true).ok());
  REQUIRE_FALSE(check_t5_options(32, 8, true).ok());
}

TEST_CASE("ALiBi slopes follow the paper's code, including non-powers of two") {
  auto s8 = alibi_slopes(8);
  REQUIRE(s8.ok());
  for (int h = 0; h < 8; ++h) REQUIRE_THAT(s8.value[h], WithinRel(std::pow(2.0, -(h + 1)), 1e-15));
  // 6 heads: the 4-head slopes 2^-2, 2^-4, 2^-6, 2^-8, then every other 8-head slope: 2^-1, 2^-3.
  auto s6 = alibi_slopes(6);
  const double expect6[] = {0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125};
  for (int h = 0; h < 6; ++h) REQUIRE_THAT(s6.value[h], WithinRel(expect6[h], 1e-15));
  auto s12 = alibi_slopes(12);
  REQUIRE(s12.value.size() == 12);
  REQUIRE_THAT(s12.value[8], WithinRel(std::pow(2.0, -0.5), 1e-15));
  REQUIRE_FALSE(alibi_slopes(0).ok());
  REQUIRE_FALSE(alibi_slopes(2.5).ok());
}

TEST_CASE("ALiBi bias is −m·(i − j) below the diagonal, −∞ above when causal") {
  auto s = alibi_slopes(2).value;
  std::vector<float> b(2 * 4 * 4);
  alibi_bias(s, 4, true, b.data());
  REQUIRE(b[0 * 16 + 3 * 4 + 0] == static_cast<float>(-s[0] * 3));
  REQUIRE(b[1 * 16 + 2 * 4 + 1] == static_cast<float>(-s[1] * 1));
  REQUIRE(b[1 * 16 + 2 * 4 + 2] == 0.0f);
  REQUIRE(b[0 * 16 + 1 * 4 + 3] == -std::numeric_limits<float>::infinity());
  alibi_bias(s, 4, false, b.data());
  REQUIRE(b[0 * 16 + 1 * 4 + 3] == static_cast<float>(-s[0] * 2));
}

TEST_CASE("relative bias matrix and Shaw clipping depend on i − j only") {
  std::vector<double> bias = {10, 20, 30, 40, 50};  // offsets −2 … 2
  auto b = relative_bias_matrix(3, bias);
  REQUIRE(b.ok());
  REQUIRE(b.value(0, 0) == 30);
  REQUIRE(b.value(2, 0) == 50);  // i − j = 2
  REQUIRE(b.value(0, 2) == 10);
  auto idx = shaw_relative_indices(6, 2);
  REQUIRE(idx.value(0, 5) == 4);  // j − i = 5 clipped to 2, + k
  REQUIRE(idx.value(5, 0) == 0);
  REQUIRE(idx.value(3, 3) == 2);
  Rng rng(1);
  const MatrixXd x = rng.normal_matrix(5, 4, 1), wq = rng.normal_matrix(4, 3, 1), wk = rng.normal_matrix(4, 3, 1);
  const MatrixXd a = rng.normal_matrix(5, 3, 1);
  auto s = shaw_scores(x, wq, wk, a, 2);
  REQUIRE(s.ok());
  const MatrixXd q = x * wq, k = x * wk;
  REQUIRE_THAT(s.value(1, 4), WithinRel(q.row(1).dot(k.row(4) + a.row(4)) / std::sqrt(3.0), 1e-12));
}

TEST_CASE("Transformer-XL terms: (a) content, (b) content-position, (c) u·content, (d) v·position") {
  Rng rng(3);
  const int n = 4, d = 6, dk = 3;
  const MatrixXd e = rng.normal_matrix(n, d, 1), r = rng.normal_matrix(2 * n - 1, d, 1);
  const MatrixXd wq = rng.normal_matrix(d, dk, 1), wke = rng.normal_matrix(d, dk, 1), wkr = rng.normal_matrix(d, dk, 1);
  const VectorXd u = rng.normal_matrix(dk, 1, 1).col(0), v = rng.normal_matrix(dk, 1, 1).col(0);
  auto t = transformer_xl_terms(e, r, wq, wke, wkr, u, v);
  REQUIRE(t.ok());
  const int i = 3, j = 1;
  REQUIRE_THAT(t.value.b(i, j), WithinRel((e.row(i) * wq).dot(r.row(i - j + n - 1) * wkr), 1e-12));
  REQUIRE_THAT(t.value.d(i, j), WithinRel(v.dot((r.row(i - j + n - 1) * wkr).transpose()), 1e-12));
  // (d) depends on i − j only
  REQUIRE_THAT(t.value.d(3, 1), WithinRel(t.value.d(2, 0), 1e-12));
}
