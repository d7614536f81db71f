// The checks every export runs before allocating: what JS sees as RangeError / TypeError.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <cstdlib>
#include <algorithm>
#include <string>
#include <vector>

#include "bindings/entry.hpp"

using namespace posenc;
using namespace posenc::entry;

namespace {
std::string message_of(const Status& s) { return s.message; }
template <class T>
std::string message_of(const Result<T>& r) {
  return r.status.message;
}
}  // namespace

TEST_CASE("sinusoidal entry: bad arguments are named, 2^40 elements refused before allocating") {
  REQUIRE(message_of(sinusoidal(nullptr, 4, 7, 10000, 0, 32, Flavor::Simd)) ==
          "dim must be an even integer from 2 to 16384, got 7");
  REQUIRE(message_of(sinusoidal(nullptr, -1, 8, 10000, 0, 32, Flavor::Simd)) ==
          "positions must be an integer from 0 to 67108864, got -1");
  REQUIRE(message_of(sinusoidal(nullptr, 4, 8, NAN, 0, 32, Flavor::Simd)) == "base must be a finite number > 1, got NaN");
  REQUIRE(message_of(sinusoidal(nullptr, 4, 8, 10000, 5, 32, Flavor::Simd)) == "layout must be 'interleaved' or 'concat'");
  auto huge = sinusoidal(nullptr, 67108864, 16384, 10000, 0, 32, Flavor::Simd);  // 2^40 elements
  REQUIRE(huge.status.kind == ErrorKind::Range);
  REQUIRE(huge.status.message.find("sinusoidal table would need 4398046511104 bytes") == 0);
  const double bad_pos[] = {0, 1, INFINITY};
  REQUIRE(message_of(sinusoidal(bad_pos, 3, 8, 10000, 0, 32, Flavor::Simd)) ==
          "positions[2] must be a finite number, got Infinity");
  auto ok = sinusoidal(nullptr, 3, 8, 10000, 0, 64, Flavor::Simd);
  REQUIRE(ok.ok());
  REQUIRE(static_cast<double*>(ok.value)[8 + 0] == std::sin(1.0));
  std::free(ok.value);
}

TEST_CASE("rope entry: odd dims, rotary > head, non-finite frequencies") {
  float x[16] = {};
  const double inv[8] = {1, 0.1, 0.01, 0.001, 1, 1, 1, 1};
  REQUIRE(message_of(rope_apply(x, x, 2, 1, 7, 7, 0, inv, 1, nullptr, Flavor::Simd)) ==
          "headDim must be an even integer from 2 to 16384, got 7");
  REQUIRE(message_of(rope_apply(x, x, 2, 1, 8, 10, 0, inv, 1, nullptr, Flavor::Simd)).find("rotaryDim must not exceed") == 0);
  REQUIRE(message_of(rope_apply(x, x, 2, 1, 8, 8, 3, inv, 1, nullptr, Flavor::Simd)) == "layout must be 'interleaved' or 'half'");
  REQUIRE(message_of(rope_apply(x, x, 2.5, 1, 8, 8, 0, inv, 1, nullptr, Flavor::Simd)).find("seq must be an integer") == 0);
  const double nan_inv[4] = {1, NAN, 1, 1};
  REQUIRE(message_of(rope_apply(x, x, 2, 1, 8, 8, 0, nan_inv, 1, nullptr, Flavor::Simd)) == "invFreq[1] must be a finite number, got NaN");
  REQUIRE(rope_apply(x, x, 2, 1, 8, 8, 1, inv, 1, nullptr, Flavor::Simd).ok());
}

TEST_CASE("rope rows entry: the whole call checked at the start, blocks inside the sequence") {
  float x[4 * 8];
  for (int i = 0; i < 32; ++i) x[i] = static_cast<float>(i % 5) - 2.0f;
  const double inv[4] = {1, 0.1, 0.01, 0.001};
  const double late_nan[4] = {0, 1, 2, NAN};
  auto bad = rope_rows_begin(4, 1, 8, 8, 0, inv, 1, late_nan, Flavor::Simd);
  REQUIRE(message_of(bad) == "positions[3] must be a finite number, got NaN");
  REQUIRE(bad.value == nullptr);
  auto rows = rope_rows_begin(4, 1, 8, 8, 0, inv, 1, nullptr, Flavor::Simd);
  REQUIRE(rows.ok());
  REQUIRE(message_of(rope_rows_apply(rows.value, x, x, 3, 2)) == "count must be an integer from 0 to 1, got 2");
  REQUIRE(message_of(rope_rows_apply(rows.value, x, x, -1, 1)) == "first must be an integer from 0 to 4, got -1");
  REQUIRE(message_of(rope_rows_apply(rows.value, nullptr, x, 0, 1)) == "x and out must be given");
  // Two blocks give what one call gives.
  float whole[32], parts[32];
  REQUIRE(rope_apply(x, whole, 4, 1, 8, 8, 0, inv, 1, nullptr, Flavor::Simd).ok());
  REQUIRE(rope_rows_apply(rows.value, x, parts, 0, 3).ok());
  REQUIRE(rope_rows_apply(rows.value, x + 24, parts + 24, 3, 1).ok());
  REQUIRE(std::memcmp(whole, parts, sizeof whole) == 0);
  rope_rows_end(rows.value);
}

TEST_CASE("t5 and alibi entries") {
  const double rel[] = {0, -3, 2.5};
  REQUIRE(message_of(t5_buckets(rel, 3, true, 32, 128)) == "relativePositions[2] must be an integer from -(2^53 - 1) to 2^53 - 1, got 2.5");
  REQUIRE(message_of(t5_buckets(rel, 2, true, 3, 128)).find("numBuckets must be an integer from 4") == 0);
  auto ok = t5_buckets(rel, 2, true, 32, 128);
  REQUIRE(ok.ok());
  REQUIRE(ok.value[1] == 3);
  std::free(ok.value);
  REQUIRE(message_of(alibi_bias(0, 4, true)) == "numHeads must be an integer from 1 to 4096, got 0");
  REQUIRE(alibi_bias(4096, 65536, true).status.message.find("ALiBi bias would need") == 0);
}

TEST_CASE("allocate refuses what cannot fit and says how much was asked") {
  auto r = allocate(1e12, "tensor");
  REQUIRE(r.status.kind == ErrorKind::Range);
  REQUIRE(r.status.message.find("tensor would need 1000000000000 bytes") == 0);
}

TEST_CASE("sinusoidal rows by blocks: the same floats as the whole table, start checked") {
  const int n = 5000, d = 64;
  std::vector<float> whole(static_cast<std::size_t>(n) * d), blocks(whole.size(), -7.0f);
  for (auto flavor : {Flavor::Simd, Flavor::Generic}) {
    REQUIRE(sinusoidal_into(whole.data(), nullptr, n, d, 10000, 0, flavor).ok());
    for (int start = 0; start < n; start += 2048) {
      const int count = std::min(2048, n - start);
      REQUIRE(sinusoidal_range_into(blocks.data() + static_cast<std::size_t>(start) * d, start, count, d, 10000, 0, flavor).ok());
    }
    REQUIRE(blocks == whole);  // blocks start on re-seeding rows: bit for bit
  }
  REQUIRE(message_of(sinusoidal_range_into(blocks.data(), -1, 4, 8, 10000, 0, Flavor::Simd)) ==
          "start must be an integer from 0 to 67108864, got -1");
  REQUIRE(message_of(sinusoidal_range_into(blocks.data(), 0.5, 4, 8, 10000, 0, Flavor::Simd)).find("start") == 0);
  REQUIRE_FALSE(sinusoidal_range_into(nullptr, 0, 4, 8, 10000, 0, Flavor::Simd).ok());
}

TEST_CASE("rope entry, 4-D: batch, order, positions per row, the rotary offset and pair order are checked") {
  float x[2 * 3 * 8] = {};
  const double inv[4] = {1, 0.1, 0.01, 0.001};
  RopeCall c;
  c.batch = 2;
  c.seq = 3;
  c.heads = 1;
  c.head_dim = 8;
  c.rot_dim = 4;
  c.inv_freq = inv;
  REQUIRE(rope_apply(x, x, c, Flavor::Simd).ok());
  RopeCall bad = c;
  bad.batch = 0;
  REQUIRE(message_of(rope_apply(x, x, bad, Flavor::Simd)) == "batch must be an integer from 1 to 67108864, got 0");
  bad = c;
  bad.rot_offset = 5;
  REQUIRE(message_of(rope_apply(x, x, bad, Flavor::Simd)) == "rotaryOffset must be an integer from 0 to 4, got 5");
  bad = c;
  bad.order = 2;
  REQUIRE(message_of(rope_apply(x, x, bad, Flavor::Simd)) == "order must be 'bshd' or 'bhsd'");
  bad = c;
  bad.pair_order = 1;
  bad.layout = 1;
  REQUIRE(message_of(rope_apply(x, x, bad, Flavor::Simd)).find("pairOrder 'transformers' de-interleaves") == 0);
  const double pos[6] = {0, 1, 2, 3, 4, NAN};
  bad = c;
  bad.positions = pos;
  bad.positions_count = 4;
  REQUIRE(message_of(rope_apply(x, x, bad, Flavor::Simd)) == "positions must have seq = 3 or batch × seq = 6 entries, got 4");
  bad.positions_count = 6;
  REQUIRE(message_of(rope_apply(x, x, bad, Flavor::Simd)) == "positions[5] must be a finite number, got NaN");
  bad.positions_count = 3;
  REQUIRE(rope_apply(x, x, bad, Flavor::Simd).ok());
  auto rows = rope_rows_begin(c, Flavor::Simd);
  REQUIRE(rows.ok());
  REQUIRE(message_of(rope_rows_apply(rows.value, x, x, 0, 7)) == "count must be an integer from 0 to 6, got 7");
  REQUIRE(message_of(rope_rows_apply(rows.value, x, x, 0, 1, -8)).find("sliceStride must be an integer") == 0);
  rope_rows_end(rows.value);
}
