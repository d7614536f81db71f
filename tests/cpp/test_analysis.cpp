// Attention properties the "Why position" and "Attention scores" chapters show.
#include <catch2/catch.hpp>
#include <cmath>

#include "posenc/absolute.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;

TEST_CASE("self-attention is permutation equivariant; adding PE breaks it (seed 002)") {
  Rng rng(5);
  const int n = 5, d = 8;
  const MatrixXd x = rng.normal_matrix(n, d, 1);
  const MatrixXd wq = rng.normal_matrix(d, d, 0.5), wk = rng.normal_matrix(d, d, 0.5), wv = rng.normal_matrix(d, d, 0.5);
  const std::vector<int> perm = {2, 0, 4, 1, 3};
  auto plain = permutation_check(x, perm, wq, wk, wv, nullptr);
  REQUIRE(plain.ok());
  REQUIRE(plain.value.max_abs_difference < 1e-12);
  auto pe = sinusoidal_table(Positions::range(n), d, 10000, SinusoidalLayout::Interleaved).value;
  auto with_pe = permutation_check(x, perm, wq, wk, wv, &pe);
  REQUIRE(with_pe.value.max_abs_difference > 1e-2);
  REQUIRE_FALSE(permutation_check(x, {0, 0, 1, 2, 3}, wq, wk, wv, nullptr).ok());
}

TEST_CASE("cross-attention read-out does not change when the source is permuted") {
  Rng rng(9);
  const MatrixXd src = rng.normal_matrix(6, 4, 1), q = rng.normal_matrix(3, 4, 1);
  const MatrixXd wk = rng.normal_matrix(4, 4, 1), wv = rng.normal_matrix(4, 4, 1);
  auto c = cross_attention_check(q, src, {5, 3, 1, 0, 2, 4}, wk, wv);
  REQUIRE(c.ok());
  REQUIRE(c.value.max_abs_difference < 1e-12);
}

TEST_CASE("the four score terms add up to the score of X + P (seed 001 eq. 6.1.13)") {
  Rng rng(2);
  const MatrixXd x = rng.normal_matrix(4, 8, 1), wq = rng.normal_matrix(8, 4, 1), wk = rng.normal_matrix(8, 4, 1);
  const MatrixXd p = sinusoidal_table(Positions::range(4), 8, 10000, SinusoidalLayout::Interleaved).value;
  auto t = four_terms(x, p, wq, wk);
  REQUIRE(t.ok());
  REQUIRE((t.value.content_content + t.value.content_position + t.value.position_content + t.value.position_position - t.value.total).cwiseAbs().maxCoeff() < 1e-12);
  // The position-content term is the transpose of the content-position term only when W_q W_kᵀ is symmetric.
  REQUIRE((t.value.position_content - t.value.content_position.transpose()).cwiseAbs().maxCoeff() > 1e-3);
}

TEST_CASE("causal attention masks the future and rows sum to one") {
  Rng rng(4);
  const MatrixXd q = rng.normal_matrix(4, 2, 1), k = rng.normal_matrix(4, 2, 1), v = rng.normal_matrix(4, 3, 1);
  auto a = attention(q, k, v, true);
  REQUIRE(a.ok());
  for (int i = 0; i < 4; ++i) {
    REQUIRE_THAT(a.value.weights.row(i).sum(), WithinAbs(1.0, 1e-14));
    for (int j = i + 1; j < 4; ++j) REQUIRE(a.value.weights(i, j) == 0);
  }
}
