// The measurements of the "Why position", "Design history" and "Sinusoidal PE" chapters, each
// against an independent float64 computation written here, or a property.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

const double kTwoPi = 2 * std::acos(-1.0);

// Independent: PE[pos] as a vector, written from the definition.
std::vector<double> pe_row(double pos, int d, double base) {
  std::vector<double> v(static_cast<std::size_t>(d));
  for (int i = 0; i < d / 2; ++i) {
    const double w = std::pow(base, -2.0 * i / d);
    v[static_cast<std::size_t>(2 * i)] = std::sin(pos * w);
    v[static_cast<std::size_t>(2 * i + 1)] = std::cos(pos * w);
  }
  return v;
}

double dist(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += (a[i] - b[i]) * (a[i] - b[i]);
  return std::sqrt(s);
}

}  // namespace

TEST_CASE("shuffle demo: equivariant, not invariant; pooled and cross read-outs invariant; PE breaks all three") {
  Rng rng(7);
  const int n = 4, d = 4;
  const MatrixXd x = rng.normal_matrix(n, d, 1);
  const MatrixXd wq = rng.normal_matrix(d, d, 0.7), wk = rng.normal_matrix(d, d, 0.7), wv = rng.normal_matrix(d, d, 0.7);
  const MatrixXd q = rng.normal_matrix(2, d, 1);
  const std::vector<int> perm = {1, 2, 0, 3};
  auto r = shuffle_demo(x, perm, wq, wk, wv, nullptr, &q);
  REQUIRE(r.ok());
  const auto& s = r.value;
  REQUIRE(s.equivariance_gap < 1e-14);
  REQUIRE(s.weights_gap < 1e-14);
  REQUIRE(s.invariance_gap > 0.05);  // the output matrix itself changes: rows moved
  for (double c : s.token_change) REQUIRE(c < 1e-14);
  REQUIRE(s.pooled_gap < 1e-14);
  REQUIRE(s.cross_gap < 1e-14);
  // Independent: row r of Y(ΠX) is the output of token perm[r] (recomputed by hand for one row).
  const MatrixXd px = [&] {
    MatrixXd m(n, d);
    for (int i = 0; i < n; ++i) m.row(i) = x.row(perm[static_cast<std::size_t>(i)]);
    return m;
  }();
  const MatrixXd Q = px * wq, K = px * wk, V = px * wv;
  std::vector<double> sc(n);
  double mx = -1e300, sum = 0;
  for (int j = 0; j < n; ++j) mx = std::max(mx, sc[static_cast<std::size_t>(j)] = Q.row(2).dot(K.row(j)) / 2.0);
  for (int j = 0; j < n; ++j) sum += (sc[static_cast<std::size_t>(j)] = std::exp(sc[static_cast<std::size_t>(j)] - mx));
  for (int c = 0; c < d; ++c) {
    double y = 0;
    for (int j = 0; j < n; ++j) y += sc[static_cast<std::size_t>(j)] / sum * V(j, c);
    REQUIRE_THAT(s.y_permuted(2, c), WithinAbs(y, 1e-13));
    REQUIRE_THAT(s.y(0, c), WithinAbs(y, 1e-13));  // token 0 sits at row 2 of ΠX
  }
  // With the encoding added to the slots, every one of these changes.
  const MatrixXd e = sinusoidal_table(Positions::range(n), d, 10000, SinusoidalLayout::Interleaved).value;
  auto w = shuffle_demo(x, perm, wq, wk, wv, &e, &q);
  REQUIRE(w.ok());
  REQUIRE(w.value.equivariance_gap > 1e-3);
  REQUIRE(w.value.pooled_gap > 1e-4);
  REQUIRE(w.value.cross_gap > 1e-4);
  REQUIRE((w.value.input - (x + e)).cwiseAbs().maxCoeff() == 0);
  REQUIRE_FALSE(shuffle_demo(x, {0, 0, 1, 2}, wq, wk, wv, nullptr, &q).ok());
  const MatrixXd bad_queries = rng.normal_matrix(2, 3, 1);
  REQUIRE_FALSE(shuffle_demo(x, perm, wq, wk, wv, nullptr, &bad_queries).ok());
}

TEST_CASE("integer labels swamp the token vectors; [0, 1] labels change their gap with the length") {
  const MatrixXd t = (MatrixXd(2, 3) << 1, -1, 0.5, -0.5, 1, -1).finished();
  auto r = integer_labels(t, 600, 64);
  REQUIRE(r.ok());
  // cos(a + p, b + p) by hand at p = 599
  double dot = 0, na = 0, nb = 0;
  for (int c = 0; c < 3; ++c) {
    const double a = t(0, c) + 599, b = t(1, c) + 599;
    dot += a * b; na += a * a; nb += b * b;
  }
  REQUIRE_THAT(r.value.similarity_last, WithinAbs(dot / std::sqrt(na * nb), 1e-15));
  REQUIRE(r.value.similarity_at_0 < 0);
  REQUIRE(r.value.similarity_last > 0.9999);
  REQUIRE(r.value.largest_label == 599);
  REQUIRE(r.value.largest_seen == 63);
  REQUIRE(r.value.unseen == 536);
  auto rulers = normalized_rulers({3, 4, 11});
  REQUIRE(rulers.ok());
  REQUIRE_THAT(rulers.value[0].gap, WithinAbs(0.5, 1e-15));
  REQUIRE_THAT(rulers.value[1].gap, WithinAbs(1.0 / 3, 1e-15));
  REQUIRE_THAT(rulers.value[2].values[5], WithinAbs(0.5, 1e-15));
  REQUIRE_FALSE(normalized_rulers({1}).ok());
}

TEST_CASE("binary codes: 7 → 8 flips four bits, and the columns that flip are named") {
  auto r = binary_steps(4, 7);
  REQUIRE(r.ok());
  REQUIRE(r.value.flips.size() == 15);
  REQUIRE(r.value.flips[6] == 1);  // 6 → 7: 0110 → 0111
  REQUIRE(r.value.flips[7] == 4);  // 7 → 8: 0111 → 1000
  REQUIRE(r.value.step_flips == 4);
  REQUIRE(r.value.flipped_columns == std::vector<double>{0, 1, 2, 3});
  REQUIRE_THAT(r.value.distance[7], WithinAbs(2.0, 0));
  REQUIRE(r.value.smallest == 1);
  REQUIRE(r.value.largest == 4);
  // Against binary_encoding itself: the flipped columns are the ones that differ.
  const MatrixXd b = binary_encoding(16, 4).value;
  auto s = binary_steps(4, 11);
  std::vector<double> differ;
  for (int c = 0; c < 4; ++c) if (b(11, c) != b(12, c)) differ.push_back(c);
  REQUIRE(s.value.flipped_columns == differ);
  REQUIRE_FALSE(binary_steps(4, 15).ok());
}

TEST_CASE("sin only: the best linear map mispredicts PE(pos+k); sin+cos: exact") {
  auto sin_only = shift_prediction(1, 8, 10000, 64, Features::SinOnly);
  REQUIRE(sin_only.ok());
  // target is sin((pos + k)ω_i), written independently
  REQUIRE_THAT(sin_only.value.target(10, 1), WithinAbs(std::sin(11 * std::pow(10000.0, -2.0 / 8)), 1e-15));
  REQUIRE(sin_only.value.column_error[0] > 0.5);
  REQUIRE(sin_only.value.worst_column == 0);
  REQUIRE(sin_only.value.relative_residual > 0.1);
  REQUIRE_THAT(sin_only.value.closest_distance, WithinAbs(0.054149090526745, 1e-12));
  auto both = shift_prediction(1, 8, 10000, 64, Features::SinCos);
  REQUIRE(both.ok());
  for (double e : both.value.column_error) REQUIRE(e < 1e-12);
  REQUIRE(*both.value.exact_gap < 1e-10);  // at d = 8 the fit is well posed; with more slow pairs it is not unique
  REQUIRE_THAT((*both.value.exact)(2, 3), WithinAbs(std::sin(0.1), 1e-15));  // pair 1 block: [[cos kω, sin kω], …]
  // The sine-only vectors are all distinct: the information is there, just not linearly.
  MatrixXd s(64, 4);
  for (int p = 0; p < 64; ++p) for (int i = 0; i < 4; ++i) s(p, i) = std::sin(p * std::pow(10000.0, -2.0 * i / 8));
  auto c = closest_rows(s);
  REQUIRE(c.ok());
  REQUIRE(c.value.distance > 0.05);
  REQUIRE_THAT(c.value.distance, WithinAbs(0.054149090526745, 1e-12));  // numpy: rows 45, 46
  REQUIRE(c.value.a == 45);
  REQUIRE(c.value.b == 46);
}

TEST_CASE("pair hands: PE(pos+k) is PE(pos) turned clockwise by kω_i in every pair") {
  auto h = pair_hands(5, 3, 8, 10000);
  REQUIRE(h.ok());
  const auto p = pe_row(5, 8, 10000), q = pe_row(8, 8, 10000);
  for (int i = 0; i < 8; ++i) {
    REQUIRE_THAT(h.value.at[static_cast<std::size_t>(i)], WithinAbs(p[static_cast<std::size_t>(i)], 1e-15));
    REQUIRE_THAT(h.value.shifted[static_cast<std::size_t>(i)], WithinAbs(q[static_cast<std::size_t>(i)], 1e-15));
  }
  REQUIRE(h.value.rotation_error < 1e-14);
  REQUIRE_THAT(h.value.angle_deg[0], WithinAbs(std::fmod(5 * 180 / std::acos(-1.0), 360), 1e-9));
  REQUIRE_THAT(h.value.turn_deg[1], WithinAbs(3 * 0.1 * 180 / std::acos(-1.0), 1e-12));
  // x = sin, y = cos: the hand starts at 12 o'clock and the clockwise angle from there is the phase.
  REQUIRE_THAT(std::atan2(h.value.at[0], h.value.at[1]), WithinAbs(std::remainder(5.0, kTwoPi), 1e-12));
}

TEST_CASE("wavelengths and the longest period: 6283 at d = 8, 60611 at d = 512, first above 10000 at d = 12") {
  const auto w = wavelengths(8, 10000).value;
  REQUIRE_THAT(w[0], WithinRel(kTwoPi, 1e-15));
  REQUIRE_THAT(w[3], WithinRel(kTwoPi * 1000, 1e-13));
  auto c = period_check(8, 10000, 10000);
  REQUIRE(c.ok());
  REQUIRE_THAT(c.value.longest, WithinRel(6283.185307179586, 1e-12));
  REQUIRE_FALSE(c.value.exceeds);
  REQUIRE_THAT(c.value.longest_512, WithinRel(kTwoPi * std::pow(10000.0, 510.0 / 512), 1e-12));
  REQUIRE(std::round(c.value.longest_512) == 60611);
  REQUIRE(c.value.min_dim == 12);  // 2π·10000^(8/10) = 9958 < 10000 < 2π·10000^(10/12) = 13537
  REQUIRE(period_check(12, 10000, 10000).value.exceeds);
  REQUIRE(period_check(8, 100, 10000).value.min_dim == -1);  // never: 2π·100 < 10000
}

TEST_CASE("the seed's d = 8 dot products: 3.54 holds with either frequencies, 2.58 only with the wrong ones") {
  const std::vector<double> right = {1, 0.1, 0.01, 0.001}, doc = {1, 1e-2, 1e-4, 1e-6};
  const auto r = dot_by_frequencies(right, {1, 2}).value, s = dot_by_frequencies(doc, {1, 2}).value;
  REQUIRE_THAT(r[0], WithinAbs(std::cos(1) + std::cos(0.1) + std::cos(0.01) + std::cos(0.001), 1e-15));
  REQUIRE(std::round(r[0] * 100) / 100 == 3.54);
  REQUIRE(std::round(s[0] * 100) / 100 == 3.54);
  REQUIRE(std::round(r[1] * 100) / 100 == 2.56);
  REQUIRE(std::round(s[1] * 100) / 100 == 2.58);
  const auto dd = distance_by_frequencies(right, {3, 6}).value;
  REQUIRE_THAT(dd[0], WithinAbs(dist(pe_row(0, 8, 10000), pe_row(3, 8, 10000)), 1e-14));
  REQUIRE_THAT(dd[1], WithinAbs(dist(pe_row(0, 8, 10000), pe_row(6, 8, 10000)), 1e-14));
}

TEST_CASE("dot profile: measured on the table equals the formula; not monotonic; norms √(d/2)") {
  auto r = dot_profile(8, 10000, 100, {0, 37});
  REQUIRE(r.ok());
  REQUIRE(r.value.measured.size() == 2);
  REQUIRE(r.value.measured_error < 1e-12);
  double by_hand = 0;
  const auto a = pe_row(37, 8, 10000), b = pe_row(37 + 6, 8, 10000);
  for (int i = 0; i < 8; ++i) by_hand += a[static_cast<std::size_t>(i)] * b[static_cast<std::size_t>(i)];
  REQUIRE_THAT(r.value.measured[1][6], WithinAbs(by_hand, 1e-13));
  REQUIRE_THAT(r.value.norm_min, WithinAbs(2.0, 1e-14));
  REQUIRE_THAT(r.value.norm_max, WithinAbs(2.0, 1e-14));
  REQUIRE(r.value.pair_norm_error < 1e-15);
  REQUIRE(r.value.rises > 0);
  REQUIRE(r.value.formula[6] > r.value.formula[3]);  // 3.7837 > 1.9649 (seed 001 says it decreases)
  REQUIRE(r.value.first_rise == 3);
}

TEST_CASE("closest positions: the scan equals brute force; at d = 8 positions 0 and 6283 nearly meet") {
  for (int d : {2, 4, 8, 16}) {
    auto r = closest_positions(d, 10000, 301);
    REQUIRE(r.ok());
    double best = 1e300;
    int ba = 0, bb = 0;
    std::vector<std::vector<double>> rows;
    for (int p = 0; p < 301; ++p) rows.push_back(pe_row(p, d, 10000));
    for (int i = 0; i < 301; ++i) {
      for (int j = i + 1; j < 301; ++j) {
        const double x = dist(rows[static_cast<std::size_t>(i)], rows[static_cast<std::size_t>(j)]);
        if (x < best - 1e-12) { best = x; ba = i; bb = j; }
      }
    }
    REQUIRE_THAT(r.value.distance, WithinAbs(best, 1e-9));
    REQUIRE(r.value.b - r.value.a == bb - ba);
  }
  auto far = closest_positions(8, 10000, 10000);
  REQUIRE(far.ok());
  REQUIRE(far.value.b == 6283);
  REQUIRE_THAT(far.value.distance, WithinAbs(dist(pe_row(0, 8, 10000), pe_row(6283, 8, 10000)), 1e-12));
  REQUIRE_THAT(far.value.distance, WithinAbs(0.186, 5e-4));
  REQUIRE_FALSE(closest_positions(16384, 10000, 1 << 20).ok());
}

TEST_CASE("PCA of the encodings: an open arch, not a closed circle") {
  const MatrixXd t = sinusoidal_table(Positions::range(512), 512, 10000, SinusoidalLayout::Interleaved).value;
  auto s = pca_shape(t);
  REQUIRE(s.ok());
  REQUIRE_THAT(s.value.explained[0], WithinAbs(0.147, 5e-4));  // numpy (the reviewer's scratch/pca.py)
  REQUIRE_THAT(s.value.explained[1], WithinAbs(0.085, 5e-4));
  REQUIRE(std::fabs(s.value.swept_deg) > 200);
  REQUIRE(std::fabs(s.value.swept_deg) < 300);
  REQUIRE(s.value.shape == "arch");
  REQUIRE(s.value.end_gap > 1);
}

TEST_CASE("PCA shape: 64 positions at d = 8 close into a loop; 256 at d = 8 go round about four times") {
  // (the page's sentence said "open arch" at every setting; issue 27 found the closed curve here)
  auto at = [](int n, int d) {
    return pca_shape(sinusoidal_table(Positions::range(n), d, 10000, SinusoidalLayout::Interleaved).value).value;
  };
  const auto loop = at(64, 8);
  REQUIRE(loop.shape == "loop");
  REQUIRE(loop.turns > 0.95);
  REQUIRE(loop.end_gap < 0.2);
  const auto coil = at(256, 8);
  REQUIRE(coil.shape == "coil");
  REQUIRE(coil.turns > 3.5);
  // end gap and step written out from the coordinates
  double r2 = 0, steps = 0;
  const auto& c = coil.coords;
  for (Eigen::Index r = 0; r < c.rows(); ++r) {
    r2 += c(r, 0) * c(r, 0) + c(r, 1) * c(r, 1);
    if (r > 0) steps += std::hypot(c(r, 0) - c(r - 1, 0), c(r, 1) - c(r - 1, 1));
  }
  const double rms = std::sqrt(r2 / static_cast<double>(c.rows()));
  REQUIRE_THAT(coil.mean_step, WithinAbs(steps / static_cast<double>(c.rows() - 1) / rms, 1e-12));
  REQUIRE_THAT(coil.end_gap, WithinAbs(std::hypot(c(255, 0) - c(0, 0), c(255, 1) - c(0, 1)) / rms, 1e-12));
}

TEST_CASE("heatmap turns: λ/4 per pair, and the pairs whose hand has not turned a quarter within the rows") {
  auto h = heatmap_turns(64, 10000, 128);
  REQUIRE(h.ok());
  int still = 0, first = -1;
  for (int i = 0; i < 32; ++i) {
    const double lambda = 2 * 3.14159265358979323846 * std::pow(10000.0, 2.0 * i / 64);
    REQUIRE_THAT(h.value.quarter[static_cast<std::size_t>(i)], WithinAbs(lambda / 4, 1e-9 * lambda));
    REQUIRE_THAT(h.value.turns[static_cast<std::size_t>(i)], WithinAbs(128 / lambda, 1e-12));
    if (lambda / 4 > 127) {
      if (first < 0) first = i;
      ++still;
    }
  }
  REQUIRE(h.value.still == still);
  REQUIRE(h.value.first_still == first);
  REQUIRE(first == 16);  // λ₁₆/4 = 2π·100/4 ≈ 157 > 127; λ₁₅/4 ≈ 118
}

TEST_CASE("learned structure: neighbours alike after training, not at the start; every row alike; nothing") {
  std::vector<double> start(32, 0.0), band(32, 0.0), flat(32, 0.9);
  start[0] = band[0] = flat[0] = 1;
  for (int k = 1; k < 32; ++k) band[static_cast<std::size_t>(k)] = k < 6 ? 0.7 - 0.1 * k : -0.3;  // written out
  auto b = learned_structure(start, band);
  REQUIRE(b.ok());
  REQUIRE(b.value.far_from == 8);
  REQUIRE_THAT(b.value.near, WithinAbs(0.6, 1e-15));
  REQUIRE_THAT(b.value.far, WithinAbs(-0.3, 1e-15));
  REQUIRE(b.value.verdict == "neighbours");
  REQUIRE(learned_structure(start, flat).value.verdict == "all");
  REQUIRE(learned_structure(start, start).value.verdict == "none");
  REQUIRE_FALSE(learned_structure({1, 0}, {1, 0}).ok());
}
