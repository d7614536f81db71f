// The "Relative PE" chapter's measurements (seed 004 §2.3–2.4), against loops written out here.
#include <catch2/catch.hpp>
#include <cmath>

#include "posenc/analysis.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;

TEST_CASE("the example bias b(j − i) is constant along diagonals and falls off with distance") {
  auto b = relative_bias_example(9, 2);
  REQUIRE(b.ok());
  REQUIRE(b.value.bias.size() == 17);
  REQUIRE(b.value.offsets.front() == -8);
  REQUIRE(b.value.relative_spread == 0);
  REQUIRE(b.value.matrix(2, 5) == b.value.bias[8 + 3]);  // key 5, query 2: offset +3
  REQUIRE(b.value.matrix(5, 2) == b.value.bias[8 - 3]);
}

TEST_CASE("a pair sliding along the sentence: absolute position term changes, relative bias does not") {
  auto s = sliding_pair(24, 16, 2, 3);
  REQUIRE(s.ok());
  REQUIRE(s.value.starts.size() == 21);
  REQUIRE(s.value.relative_spread == 0);
  REQUIRE(s.value.absolute_spread > 0.05);
  REQUIRE_FALSE(sliding_pair(24, 16, 2, 24).ok());
}

TEST_CASE("Shaw's clipped table: 2k + 1 rows whatever the length; without clipping it grows") {
  auto r = shaw_rows(16, 3);
  REQUIRE(r.ok());
  REQUIRE(r.value.rows_used == 7);
  REQUIRE(r.value.rows_used_4n == 7);
  auto wide = shaw_rows(16, 100).value;
  REQUIRE(wide.rows_used == 31);      // 2n − 1 offsets, each its own row
  REQUIRE(wide.rows_used_4n == 127);  // 2·64 − 1
  REQUIRE(r.value.indices(2, 9) == 3 + 3);  // clip(7, −3, 3) + 3
}

TEST_CASE("T5 layout: every offset's bucket, and the offsets of each bucket") {
  auto l = t5_layout(300, 32, 128, true);
  REQUIRE(l.ok());
  const T5Options o;
  for (std::size_t k = 0; k < l.value.offsets.size(); ++k) {
    REQUIRE(l.value.buckets[k] == t5_bucket(static_cast<std::int64_t>(l.value.offsets[k]), o));
  }
  REQUIRE(l.value.max_exact == 8);
  REQUIRE(l.value.buckets[299 + 3] == 19);   // +3 (key after query): second half of the buckets
  REQUIRE(l.value.buckets[299 - 3] == 3);
  REQUIRE(l.value.bucket_lo[31] <= 128);     // the last bucket holds everything from ~128 on
  REQUIRE(l.value.bucket_hi[31] == 299);
  // Bucket 16 ("key after the query, offset 0") can never be reached: 31 of the 32 are used.
  REQUIRE(l.value.distinct == 31);
  REQUIRE(std::isnan(l.value.bucket_lo[16]));
  auto causal = t5_layout(40, 32, 128, false).value;
  REQUIRE(causal.bucket_lo[0] == 0);
  REQUIRE(causal.bucket_hi[0] == 39);  // every later key (j − i > 0) shares bucket 0
  REQUIRE_FALSE(t5_layout(40, 3, 128, true).ok());
}

TEST_CASE("Transformer-XL: (c) depends on the key only, (d) on the offset only") {
  auto x = xl_view(10, 8, 2);
  REQUIRE(x.ok());
  REQUIRE(x.value.column_spread[2] < 1e-12);
  REQUIRE(x.value.diagonal_spread[3] < 1e-12);
  REQUIRE(x.value.diagonal_spread[0] > 0.05);
  REQUIRE(x.value.diagonal_spread[1] > 0.05);
  double scale = 0;
  for (const MatrixXd* m : {&x.value.a, &x.value.b, &x.value.c, &x.value.d}) scale = std::max(scale, m->cwiseAbs().maxCoeff());
  REQUIRE(x.value.shared_scale == scale);
}

TEST_CASE("004's sentence example by its own position table: +1, +1, −6, +1, +1; 12 of 30 pairs agree") {
  auto s = sentence_offsets({1, 2, 3, 4, 5, 6}, {5, 6, 7, 1, 2, 3});
  REQUIRE(s.ok());
  REQUIRE(s.value.neighbours1 == std::vector<double>{1, 1, 1, 1, 1});
  REQUIRE(s.value.neighbours2 == std::vector<double>{1, 1, -6, 1, 1});
  // Independent count over the ordered pairs.
  const double a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {5, 6, 7, 1, 2, 3};
  int same = 0;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      if (i != j && a[j] - a[i] == b[j] - b[i]) ++same;
  REQUIRE(same == 12);
  REQUIRE(s.value.same_pairs == 12);
  REQUIRE(s.value.pairs == 30);
  REQUIRE(s.value.offsets2(1, 3) == -5);  // cat → on
  REQUIRE_FALSE(sentence_offsets({1, 2}, {1}).ok());
  REQUIRE_FALSE(sentence_offsets({1, 2.5}, {1, 2}).ok());
}
