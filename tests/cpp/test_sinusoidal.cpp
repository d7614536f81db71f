// Sinusoidal PE: the seeds' tables recomputed, and the properties the page demonstrates.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/analysis.hpp"
#include "posenc/frequencies.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;

TEST_CASE("d_model = 8 table of seed 000 §2.2, recomputed") {
  auto pe = sinusoidal_table(Positions::range(11), 8, 10000, SinusoidalLayout::Interleaved);
  REQUIRE(pe.ok());
  const auto& m = pe.value;
  // Row pos = 1: [sin 1, cos 1, sin 0.1, cos 0.1, sin 0.01, cos 0.01, sin 0.001, cos 0.001]
  const double w[] = {1, 0.1, 0.01, 0.001};
  for (int pos = 0; pos <= 10; ++pos) {
    for (int i = 0; i < 4; ++i) {
      REQUIRE_THAT(m(pos, 2 * i), WithinAbs(std::sin(pos * w[i]), 1e-15));
      REQUIRE_THAT(m(pos, 2 * i + 1), WithinAbs(std::cos(pos * w[i]), 1e-15));
    }
  }
  // Values printed in the seed, to its precision.
  REQUIRE_THAT(m(1, 0), WithinAbs(0.841, 5e-4));
  REQUIRE_THAT(m(4, 1), WithinAbs(-0.654, 5e-4));
  REQUIRE_THAT(m(7, 2), WithinAbs(0.6442, 5e-5));
}

TEST_CASE("concat layout is the interleaved one with sines first") {
  auto a = sinusoidal_table(Positions::range(20), 16, 10000, SinusoidalLayout::Interleaved);
  auto b = sinusoidal_table(Positions::range(20), 16, 10000, SinusoidalLayout::Concat);
  for (int r = 0; r < 20; ++r) {
    for (int i = 0; i < 8; ++i) {
      REQUIRE(a.value(r, 2 * i) == b.value(r, i));
      REQUIRE(a.value(r, 2 * i + 1) == b.value(r, 8 + i));
    }
  }
}

TEST_CASE("every PE vector has norm sqrt(d/2) (seed 001 eq. 6.1.10)") {
  for (int d : {2, 8, 64, 512}) {
    auto pe = sinusoidal_table(Positions::range(300), d, 10000, SinusoidalLayout::Interleaved);
    for (int r = 0; r < 300; ++r) REQUIRE_THAT(pe.value.row(r).norm(), WithinAbs(std::sqrt(d / 2.0), 1e-12));
  }
}

TEST_CASE("p_i · p_j depends only on i − j, equals sum of cos, and is not monotonic") {
  const int d = 8;
  auto pe = sinusoidal_table(Positions::range(200), d, 10000, SinusoidalLayout::Interleaved);
  const auto& m = pe.value;
  for (int delta = 0; delta < 50; ++delta) {
    const double formula = dot_by_frequencies(default_inv_freq(d, 10000), {static_cast<double>(delta)}).value[0];
    for (int i = 0; i + delta < 200; i += 7) REQUIRE_THAT(m.row(i).dot(m.row(i + delta)), WithinAbs(formula, 1e-12));
  }
  // seed 001 §6.1.4: p0·p1 ≈ 3.54 with its ω, but with the formula's ω (1, 0.1, 0.01, 0.001) the sum is
  // cos 1 + cos 0.1 + cos 0.01 + cos 0.001
  REQUIRE_THAT(m.row(0).dot(m.row(1)), WithinAbs(std::cos(1) + std::cos(0.1) + std::cos(0.01) + std::cos(0.001), 1e-14));
  // Not monotonic in Δ: the fast pair makes it rise again after Δ = π.
  const auto dots = dot_by_frequencies(default_inv_freq(d, 10000), {3, 6}).value;
  REQUIRE(dots[1] > dots[0]);
}

TEST_CASE("PE(pos + k) = M_k · PE(pos) exactly for sin+cos; sin alone has no such map") {
  for (double k : {1.0, 3.0, 17.0}) {
    auto fit = best_linear_map(k, 8, 10000, 64, Features::SinCos);
    REQUIRE(fit.ok());
    REQUIRE(fit.value.relative_residual < 1e-10);
    REQUIRE((fit.value.m - exact_shift_map(k, 8, 10000)).cwiseAbs().maxCoeff() < 1e-8);
    auto pe = sinusoidal_table(Positions::range(100), 8, 10000, SinusoidalLayout::Interleaved);
    const MatrixXd mk = exact_shift_map(k, 8, 10000);
    for (int pos = 0; pos + k < 100; pos += 5) {
      const VectorXd shifted = mk * pe.value.row(pos).transpose();
      REQUIRE((shifted - pe.value.row(pos + static_cast<int>(k)).transpose()).cwiseAbs().maxCoeff() < 1e-13);
    }
    auto sin_only = best_linear_map(k, 8, 10000, 64, Features::SinOnly);
    REQUIRE(sin_only.ok());
    REQUIRE(sin_only.value.relative_residual > 1e-3);
  }
}

TEST_CASE("PCA of the sinusoidal table: two components, spiral coordinates on a circle for d = 2") {
  auto pe = sinusoidal_table(Positions::range(6), 2, 10000, SinusoidalLayout::Interleaved);
  auto p = pca(pe.value, 2);
  REQUIRE(p.ok());
  REQUIRE(p.value.explained.size() == 2);
  REQUIRE_THAT(p.value.explained[0] + p.value.explained[1], WithinAbs(1.0, 1e-12));
  auto big = sinusoidal_table(Positions::range(100), 64, 10000, SinusoidalLayout::Interleaved);
  auto q = pca(big.value, 3);
  REQUIRE(q.value.explained[0] >= q.value.explained[1]);
  REQUIRE(q.value.explained[1] >= q.value.explained[2]);
}

TEST_CASE("design history encodings: integer, normalised, binary, learned") {
  REQUIRE(integer_encoding(4) == std::vector<double>{0, 1, 2, 3});
  // normalised: the same neighbours are 0.5 apart in a 3-token sentence, 1/3 apart in a 4-token one
  REQUIRE(normalized_encoding(3).value[1] - normalized_encoding(3).value[0] == 0.5);
  REQUIRE_THAT(normalized_encoding(4).value[1] - normalized_encoding(4).value[0], WithinAbs(1.0 / 3, 1e-15));
  auto b = binary_encoding(9, 4);
  REQUIRE(b.ok());
  // 7 -> 0111, 8 -> 1000: the 7 -> 8 step flips all four bits, 6 -> 7 only one.
  const auto& m = b.value;
  REQUIRE((m.row(7) - m.row(8)).cwiseAbs().sum() == 4);
  REQUIRE((m.row(6) - m.row(7)).cwiseAbs().sum() == 1);
  REQUIRE(m(5, 0) == 0);
  REQUIRE(m(5, 1) == 1);
  REQUIRE(m(5, 3) == 1);
  REQUIRE_FALSE(binary_encoding(17, 4).ok());

  auto t = learned_table(16, 8, 42);
  REQUIRE(t.ok());
  auto again = learned_table(16, 8, 42);
  REQUIRE(t.value.weights == again.value.weights);  // seeded: identical natively and in wasm
  const double sd = std::sqrt(t.value.weights.array().square().mean());
  REQUIRE(sd > 0.01);
  REQUIRE(sd < 0.03);
  REQUIRE(learned_lookup(t.value, {0, 15}).ok());
  auto past = learned_lookup(t.value, {16});
  REQUIRE_FALSE(past.ok());
  REQUIRE(past.status.message.find("beyond the learned table") != std::string::npos);
}

TEST_CASE("sinusoid: one position's encoding for given frequencies, the rows of sinusoidal_table") {
  const auto inv = default_inv_freq(8, 10000);
  const auto t = sinusoidal_table(Positions::range(12), 8, 10000, SinusoidalLayout::Interleaved).value;
  for (int pos = 0; pos < 12; ++pos) {
    const VectorXd p = sinusoid(pos, inv);
    for (int i = 0; i < 4; ++i) {
      REQUIRE(p(2 * i) == std::sin(pos * std::pow(10000.0, -2.0 * i / 8)));
      REQUIRE(p(2 * i + 1) == std::cos(pos * std::pow(10000.0, -2.0 * i / 8)));
    }
    REQUIRE((p.transpose() - t.row(pos)).cwiseAbs().maxCoeff() == 0);
  }
  const MatrixXd sines = sinusoid_rows(3.5, 4, inv, true);
  REQUIRE(sines.rows() == 4);
  REQUIRE(sines.cols() == 4);
  REQUIRE(sines(2, 1) == std::sin(5.5 * inv[1]));
}
