// The page's measurements of a learned position table, against independent float64 values.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "posenc/lab.hpp"
#include "posenc/lab_analysis.hpp"

using namespace posenc;
using namespace posenc::lab;

TEST_CASE("lab table profile: a pure wave, a constant, noise, and the sinusoids' Toeplitz similarity") {
  const int R = 12, C = 3;
  const double pi = 3.14159265358979323846;
  std::vector<float> t(R * C);
  Rng rng(5);
  for (int i = 0; i < R; ++i) {
    t[i * C + 0] = static_cast<float>(std::cos(2 * pi * 2 * i / R + 0.3));  // 2 cycles over the rows
    t[i * C + 1] = 0.5f;                                                     // constant
    t[i * C + 2] = static_cast<float>(rng.normal());                         // noise
  }
  const auto p = table_profile(t.data(), R, C).value;
  REQUIRE(p.wave_share[0] == Approx(1).margin(1e-6));
  REQUIRE(p.dominant[0] == 2);
  REQUIRE(p.wave_share[1] == 0);
  REQUIRE(p.dominant[1] == 0);
  REQUIRE(p.wave_share[2] > 0);
  REQUIRE(p.wave_share[2] < 1);
  // noise: recompute the shares by a plain least-squares fit of cos and sin at each frequency
  double mean = 0;
  for (int i = 0; i < R; ++i) mean += t[i * C + 2];
  mean /= R;
  double var = 0;
  for (int i = 0; i < R; ++i) var += (t[i * C + 2] - mean) * (t[i * C + 2] - mean);
  double best = 0;
  for (int k = 1; k <= R / 2; ++k) {
    double a = 0, b = 0, aa = 0, bb = 0;
    for (int i = 0; i < R; ++i) {
      const double x = t[i * C + 2] - mean, c = std::cos(2 * pi * k * i / R), s = std::sin(2 * pi * k * i / R);
      a += x * c, b += x * s, aa += c * c, bb += s * s;
    }
    const double explained = a * a / aa + (bb > 1e-9 ? b * b / bb : 0);  // the variance one wave explains
    best = std::max(best, explained / var);
  }
  REQUIRE(p.wave_share[2] == Approx(best).epsilon(1e-9));
  // similarity: cosines of rows, symmetric with a unit diagonal
  for (int i = 0; i < R; ++i) {
    REQUIRE(p.similarity[i * R + i] == Approx(1));
    for (int j = 0; j < R; ++j) REQUIRE(p.similarity[i * R + j] == Approx(p.similarity[j * R + i]).margin(1e-15));
  }
  // the sinusoids: similarity depends on i − j only (the dot product of PE rows is Σ cos(ω·(i − j)))
  const auto s = lab_sinusoids(R, 32).value;
  const auto q = table_profile(s.data(), R, 32).value;
  for (int i = 0; i + 1 < R; ++i) {
    for (int j = 0; j + 1 < R; ++j) REQUIRE(q.similarity[i * R + j] == Approx(q.similarity[(i + 1) * R + j + 1]).margin(1e-6));
  }
  double dot = 0;
  for (int k = 0; k < 16; ++k) dot += std::cos(3 * std::pow(10000.0, -2.0 * k / 32));
  REQUIRE(q.by_distance[3] == Approx(dot / 16).margin(1e-6));  // each row has norm √16
  REQUIRE(s[1] == 1.0f);  // PE[0, 1] = cos 0
  REQUIRE(s[32 * 2] == static_cast<float>(std::sin(2.0)));
  REQUIRE_FALSE(table_profile(t.data(), 1, C).ok());
  t[4] = NAN;
  REQUIRE(table_profile(t.data(), R, C).status.message == "table[4] must be finite");
}
