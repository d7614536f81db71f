#include "posenc/analysis_comparison.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/analysis_scores.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/relative.hpp"
#include "posenc/rope.hpp"

namespace posenc {

namespace {

// RoPE scores of one query content q and one key content k at every pair of positions (i, j).
MatrixXd rope_scores(const VectorXd& q, const VectorXd& k, int n, const std::vector<double>& inv) {
  MatrixXd qr(n, q.size()), kr(n, k.size());
  for (int i = 0; i < n; ++i) {  // position
    qr.row(i) = rope_rotate(q, i, inv, RopeLayout::Interleaved).transpose();
    kr.row(i) = rope_rotate(k, i, inv, RopeLayout::Interleaved).transpose();
  }
  return qr * kr.transpose() / std::sqrt(static_cast<double>(q.size()));
}

double length_change(const MatrixXd& before, const MatrixXd& after) {
  double worst = 0;
  for (Eigen::Index r = 0; r < before.rows(); ++r) {
    const double a = before.row(r).norm();
    worst = std::max(worst, std::abs(after.row(r).norm() - a) / a);
  }
  return worst;
}

}  // namespace

Result<ComparisonMeasures> comparison_measures(double n, double dim, double n_max, double seed) {
  auto toy = score_toy(n, dim, seed, false);
  if (!toy.ok()) return toy.status;
  if (auto st = check_integer("nMax", n_max, 1, kMaxTableRows); !st.ok()) return st;
  const int len = static_cast<int>(n), d = static_cast<int>(dim);
  const auto& t = toy.value;
  const double scale = 1.0 / std::sqrt(dim);
  const MatrixXd w = t.wq * t.wk.transpose();
  ComparisonMeasures c;

  // sinusoidal
  const MatrixXd& p = t.p;
  c.position_scores[0] = p * p.transpose() * scale;
  c.spread_projected[0] = diagonal_profile(p * w * p.transpose() * scale).relative_spread;
  c.parameters[0] = 0;
  c.length_change[0] = length_change(t.x, t.x + p);
  c.defined_at_n_max[0] = sinusoidal_table(Positions::list(&n_max, 1), dim, 10000, SinusoidalLayout::Interleaved).ok();

  // learned (BERT's N(0, 0.02²) initialisation, seed 1 as in the Learned chapter)
  // The first n rows of a seeded table do not depend on how many rows follow (the generator runs
  // row by row), so only those are drawn.
  auto table = learned_table(n, dim, 1);
  if (!table.ok()) return table.status;
  const MatrixXd& l = table.value.weights;
  c.position_scores[1] = l * l.transpose() * scale;
  // Past n_max a table of n_max rows has no entries: its spread reads the pairs that exist only
  // (the page draws the others grey; counting the longer table's noise there overstated it).
  const Eigen::Index have = std::min<Eigen::Index>(len, static_cast<Eigen::Index>(n_max));
  c.spread_projected[1] = diagonal_profile((l * w * l.transpose() * scale).topLeftCorner(have, have)).relative_spread;
  c.parameters[1] = n_max * dim;
  c.length_change[1] = length_change(t.x, t.x + l);
  // Ask a table of exactly n_max rows for row n_max (its refusal does not read the weights).
  LearnedTable exact;
  exact.n_max = static_cast<std::int64_t>(n_max);
  exact.dim = d;
  c.defined_at_n_max[1] = learned_lookup(exact, {n_max}).ok();

  // T5: one scalar per bucket, added to the score after the projections
  const T5Options o;  // bidirectional, 32 buckets, max distance 128 (T5's defaults)
  Rng rng(static_cast<std::uint64_t>(seed) * 10 + 5);
  const MatrixXd bucket_bias = rng.normal_matrix(1, o.num_buckets, 1.0);
  MatrixXd b(len, len);
  for (int i = 0; i < len; ++i) {
    for (int j = 0; j < len; ++j) b(i, j) = bucket_bias(0, t5_bucket(j - i, o));
  }
  c.position_scores[2] = b;
  c.spread_projected[2] = diagonal_profile(b).relative_spread;
  c.parameters[2] = o.num_buckets;
  c.length_change[2] = std::numeric_limits<double>::quiet_NaN();
  c.defined_at_n_max[2] = true;  // t5_bucket is total: every offset has a bucket

  // RoPE: the contents of tokens 0 and 1, turned at every position
  const auto inv = default_inv_freq(d, 10000);
  const VectorXd x0 = t.x.row(0).transpose(), x1 = t.x.row(len > 1 ? 1 : 0).transpose();
  c.position_scores[3] = rope_scores(x0, x1, len, inv);
  c.spread_projected[3] = diagonal_profile(rope_scores(t.wq.transpose() * x0, t.wk.transpose() * x1, len, inv)).relative_spread;
  c.parameters[3] = 0;
  MatrixXd turned(len, d);
  for (int i = 0; i < len; ++i) turned.row(i) = rope_rotate(t.x.row(i).transpose(), i, inv, RopeLayout::Interleaved).transpose();
  c.length_change[3] = length_change(t.x, turned);
  c.defined_at_n_max[3] = std::isfinite(rope_rotate(x0, n_max, inv, RopeLayout::Interleaved).sum());

  for (int e = 0; e < 4; ++e) c.spread_alone[e] = diagonal_profile(c.position_scores[e]).relative_spread;
  c.spread_alone[1] = diagonal_profile(c.position_scores[1].topLeftCorner(have, have)).relative_spread;
  return c;
}

}  // namespace posenc
