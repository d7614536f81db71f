// p-RoPE (Barbero et al. 2025, apply_p_rope): what is particular to it, recomputed in float64 from
// the paper's code: K = int(p·d_h // 2) planes, the fastest, turn by pos·rope_base^(−2k/d_h); the
// rest stay as they are. p = 1 is RoPE to the bit, p = 0 leaves q and k untouched.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/lab_encoding.hpp"

using namespace posenc;
using namespace posenc::lab;

namespace {

ModelConfig model(Encoding e, double p) {
  ModelConfig m;
  m.encoding = e;
  m.d_model = 32;
  m.n_heads = 2;  // d_h = 16: eight planes
  m.rope_base = 10000;
  m.p_rope_fraction = p;
  return m;
}

// One sequence of n tokens, random q, k, v; returns qkv after the scheme's qk step.
std::vector<double> turned(Scheme<double>& s, int n, std::vector<double>* before = nullptr) {
  Rng rng(3);
  std::vector<double> qkv(static_cast<std::size_t>(n) * 96);
  for (auto& x : qkv) x = rng.normal();
  if (before) *before = qkv;
  std::vector<std::int32_t> pos(static_cast<std::size_t>(n));
  for (int p = 0; p < n; ++p) pos[static_cast<std::size_t>(p)] = p;
  s.tables(n);
  s.qk_forward(0, AttentionDims{32, 2, n}, pos.data(), qkv.data());
  return qkv;
}

}  // namespace

TEST_CASE("lab p-rope: the fastest ⌊p·d_h/2⌋ planes turn as RoPE's, the others not at all") {
  const int n = 20;
  for (double p : {0.75, 0.3, 0.5}) {
    const int kept = static_cast<int>(std::floor(p * 16 / 2));  // int(p·d_h // 2)
    INFO("p = " << p << ", planes turned: " << kept);
    auto s = make_scheme<double>(model(Encoding::PRope, p));
    std::vector<double> x;
    const auto y = turned(*s, n, &x);
    for (int t = 0; t < n; ++t) {      // token
      for (int part = 0; part < 3; ++part) {  // q, k, v (v is never touched)
        for (int h = 0; h < 2; ++h) {
          for (int k = 0; k < 8; ++k) {  // plane, interleaved: coordinates 2k, 2k + 1
            const std::size_t a = static_cast<std::size_t>(t) * 96 + part * 32 + h * 16 + 2 * k;
            const double angle = part < 2 && k < kept ? t * std::pow(10000.0, -2.0 * k / 16) : 0.0;
            REQUIRE(y[a] == Approx(x[a] * std::cos(angle) - x[a + 1] * std::sin(angle)).epsilon(1e-14).margin(1e-15));
            REQUIRE(y[a + 1] == Approx(x[a] * std::sin(angle) + x[a + 1] * std::cos(angle)).epsilon(1e-14).margin(1e-15));
          }
        }
      }
    }
  }
  // The paper's default, 0.75 of eight planes: six turn, two do not.
  REQUIRE(static_cast<int>(std::floor(0.75 * 16 / 2)) == 6);
}

TEST_CASE("lab p-rope: p = 1 is RoPE to the bit, p = 0 is NoPE") {
  auto full = make_scheme<double>(model(Encoding::PRope, 1.0));
  auto rope = make_scheme<double>(model(Encoding::Rope, 1.0));
  const auto a = turned(*full, 13), b = turned(*rope, 13);
  REQUIRE(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
  auto none = make_scheme<double>(model(Encoding::PRope, 0.0));
  std::vector<double> x;
  const auto y = turned(*none, 13, &x);
  REQUIRE(y == x);
  ModelConfig bad = model(Encoding::PRope, 1.5);
  bad.vocab = 50;
  REQUIRE(validate(bad).message.rfind("p_rope_fraction must be", 0) == 0);
}
