// The seed passages' measurements (analysis_seeds.hpp) against float64 written out here from the
// passages' own formulas (001 §6.1.1, 004 §1.1–1.2 and §2.7, DeBERTa's eq. 4), and their refusals.
#include <catch2/catch.hpp>
#include <cmath>

#include "posenc/analysis_seeds.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {
const double kPi = 3.14159265358979323846;
}

TEST_CASE("log ladder: ln base, the even log-spacing of the wavelengths and their span") {
  for (auto [d, base] : {std::pair{64.0, 10000.0}, std::pair{8.0, 10000.0}, std::pair{128.0, 500000.0}}) {
    auto r = log_ladder(d, base);
    REQUIRE(r.ok());
    const auto& l = r.value;
    REQUIRE_THAT(l.ln_base, WithinRel(std::log(base), 1e-15));
    REQUIRE(l.wavelengths.size() == static_cast<std::size_t>(d / 2));
    for (std::size_t i = 0; i < l.wavelengths.size(); ++i) {
      // λ_i = 2π / base^(−2i/d)
      REQUIRE_THAT(l.wavelengths[i], WithinRel(2 * kPi * std::pow(base, 2.0 * i / d), 1e-12));
      if (i) REQUIRE_THAT(l.wavelengths[i] / l.wavelengths[i - 1], WithinRel(l.ratio, 1e-12));
    }
    REQUIRE_THAT(l.ratio, WithinRel(std::pow(base, 2.0 / d), 1e-13));
    REQUIRE_THAT(l.step, WithinRel(2.0 * std::log(base) / d, 1e-15));
    REQUIRE_THAT(l.span, WithinRel((d - 2) / d * std::log(base), 1e-12));
    REQUIRE_THAT(l.octaves, WithinRel((d - 2) / d * std::log2(base), 1e-12));
  }
  // 10000: ln 10000 = 4·ln 10 = 9.2103…
  REQUIRE_THAT(log_ladder(64, 10000).value.ln_base, WithinAbs(9.21034037, 1e-8));
  REQUIRE_FALSE(log_ladder(7, 10000).ok());
  REQUIRE_FALSE(log_ladder(64, 1).ok());
}

TEST_CASE("2-D RoPE: each axis takes half the dimensions with a half-size RoPE's frequencies") {
  auto r = rope2d_frequencies(16, 10000, 3, 1);
  REQUIRE(r.ok());
  const auto& f = r.value;
  REQUIRE(f.dim_x == 8);
  REQUIRE(f.dim_y == 8);
  REQUIRE(f.theta_x.size() == 4);
  for (int i = 0; i < 4; ++i) {
    const double theta = std::pow(10000.0, -2.0 * i / 8);
    REQUIRE_THAT(f.theta_x[i], WithinRel(theta, 1e-14));
    REQUIRE_THAT(f.theta_y[i], WithinRel(theta, 1e-14));
    REQUIRE_THAT(f.angle_x[i], WithinRel(3 * theta, 1e-14));
    REQUIRE_THAT(f.angle_y[i], WithinRel(1 * theta, 1e-14));
  }
  auto bad = rope2d_frequencies(18, 10000, 1, 1);  // 18/2 = 9 is odd: no pairs per axis
  REQUIRE_FALSE(bad.ok());
  REQUIRE(bad.status.message.find("dim") != std::string::npos);
  REQUIRE_FALSE(rope2d_frequencies(16, 10000, NAN, 1).ok());
}

TEST_CASE("same word at two positions: equal rows stay equal without the encoding, differ with it") {
  // rows 1 and 4 are the same word ("The" and "the" as one vector)
  MatrixXd x(6, 4);
  x << 0.1, 0.2, -0.3, 0.4, 0.5, -0.1, 0.2, 0.3, 0.0, 0.7, 0.1, -0.2, 0.3, 0.3, 0.3, 0.3, 0.5, -0.1, 0.2, 0.3, -0.6, 0.1, 0.0, 0.2;
  auto r = same_word(x, 1, 4, 10000, 3);
  REQUIRE(r.ok());
  const auto& s = r.value;
  REQUIRE(s.input_gap_plain == 0);
  REQUIRE(s.output_gap_plain == 0);
  // P written out: interleaved sin, cos of pos·10000^(−2i/d)
  double gap = 0;
  for (int pos = 0; pos < 6; ++pos) {
    for (int i = 0; i < 2; ++i) {
      const double w = std::pow(10000.0, -2.0 * i / 4);
      REQUIRE_THAT(s.encoding(pos, 2 * i), WithinAbs(std::sin(pos * w), 1e-15));
      REQUIRE_THAT(s.encoding(pos, 2 * i + 1), WithinAbs(std::cos(pos * w), 1e-15));
      for (int c = 0; c < 2; ++c) REQUIRE_THAT(s.sum(pos, 2 * i + c), WithinAbs(x(pos, 2 * i + c) + s.encoding(pos, 2 * i + c), 1e-15));
    }
  }
  for (int c = 0; c < 4; ++c) gap = std::max(gap, std::abs(s.encoding(1, c) - s.encoding(4, c)));
  REQUIRE_THAT(s.input_gap_encoded, WithinAbs(gap, 1e-15));
  REQUIRE(s.input_gap_encoded > 0.1);
  REQUIRE(s.output_gap_encoded > 1e-6);
  REQUIRE_FALSE(same_word(x, 1, 6, 10000, 3).ok());
  REQUIRE_FALSE(same_word(x, 1.5, 4, 10000, 3).ok());
}

TEST_CASE("DeBERTa: the three terms from their definitions, the buckets δ(i, j), and what each term reads") {
  const int n = 10, k = 3;
  auto r = deberta_view(n, 8, k, 2);
  REQUIRE(r.ok());
  const auto& v = r.value;
  auto delta = [&](int i, int j) { return i - j <= -k ? 0 : (i - j >= k ? 2 * k - 1 : i - j + k); };
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      REQUIRE(v.buckets(i, j) == delta(i, j));
      REQUIRE_THAT(v.total(i, j), WithinAbs(v.c2c(i, j) + v.c2p(i, j) + v.p2c(i, j), 1e-12));
    }
  }
  // c2p reads query i's content and the bucket: one row, one bucket, one value
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int j2 = 0; j2 < n; ++j2)
        if (delta(i, j) == delta(i, j2)) REQUIRE_THAT(v.c2p(i, j), WithinAbs(v.c2p(i, j2), 1e-12));
  // p2c reads key j's content and the bucket δ(j, i): one column, one bucket, one value
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i)
      for (int i2 = 0; i2 < n; ++i2)
        if (delta(j, i) == delta(j, i2)) REQUIRE_THAT(v.p2c(i, j), WithinAbs(v.p2c(i2, j), 1e-12));
  REQUIRE(v.c2p_bucket_spread < 1e-12);
  REQUIRE(v.p2c_bucket_spread < 1e-12);
  REQUIRE(v.c2p_column_spread > 1e-3);  // down a column the query's content changes
  REQUIRE(v.distinct_buckets == 2 * k);
  // n ≤ k: no distance is clipped, every key of a row has a bucket of its own
  REQUIRE(deberta_view(3, 8, 3, 2).value.most_in_one_bucket == 1);
  REQUIRE(v.most_in_one_bucket > 1);
  REQUIRE_FALSE(deberta_view(0, 8, 3, 2).ok());
  REQUIRE_FALSE(deberta_view(10, 8, 0, 2).ok());
}
