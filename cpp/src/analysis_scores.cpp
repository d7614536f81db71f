#include "posenc/analysis_scores.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/limits.hpp"
#include "posenc/positions.hpp"

namespace posenc {

namespace {

Status check_toy(double n, double dim, double seed) {
  if (auto st = check_integer("n", n, 1, kMaxToySide); !st.ok()) return st;
  if (auto st = check_integer("dim", dim, 2, kMaxToySide); !st.ok()) return st;
  if (std::fmod(dim, 2.0) != 0) return Status::range("dim must be even, got " + format_number(dim));
  return check_integer("seed", seed, 0, kMaxSeed);
}

MatrixXd normal(std::uint64_t seed, int rows, int cols, double sd) {
  Rng rng(seed);
  return rng.normal_matrix(rows, cols, sd);
}

double max_abs(const MatrixXd& m) { return m.size() == 0 ? 0.0 : m.cwiseAbs().maxCoeff(); }

double rms(const MatrixXd& m) { return m.size() == 0 ? 0.0 : std::sqrt(m.squaredNorm() / static_cast<double>(m.size())); }

}  // namespace

Result<ScoreToy> score_toy(double n, double dim, double seed, bool identity) {
  if (auto st = check_toy(n, dim, seed); !st.ok()) return st;
  const int rows = static_cast<int>(n), d = static_cast<int>(dim);
  // Seeds seed·10 + 1 … 4: each matrix has its own stream, so X does not change with the weights.
  const auto s = static_cast<std::uint64_t>(seed) * 10;
  ScoreToy t;
  t.x = normal(s + 1, rows, d, 1.0);
  t.p = sinusoidal_table(Positions::range(rows), d, 10000, SinusoidalLayout::Interleaved).value;
  const double sd = 1.0 / std::sqrt(static_cast<double>(d));
  if (identity) {
    t.wq = t.wk = t.wv = MatrixXd::Identity(d, d);
  } else {
    t.wq = normal(s + 2, d, d, sd);
    t.wk = normal(s + 3, d, d, sd);
    t.wv = normal(s + 4, d, d, sd);
  }
  return t;
}

DiagonalProfile diagonal_profile(const MatrixXd& m) {
  DiagonalProfile p;
  const auto rows = m.rows(), cols = m.cols();
  if (rows == 0 || cols == 0) return p;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (Eigen::Index off = -(rows - 1); off < cols; ++off) {  // offset j − i
    double mn = std::numeric_limits<double>::infinity(), mx = -mn;
    for (Eigen::Index i = std::max<Eigen::Index>(0, -off); i < rows && i + off < cols; ++i) {
      const double v = m(i, i + off);
      mn = std::min(mn, v);
      mx = std::max(mx, v);
    }
    p.offsets.push_back(static_cast<double>(off));
    p.min.push_back(mn);
    p.max.push_back(mx);
    p.spread = std::max(p.spread, mx - mn);
    lo = std::min(lo, mn);
    hi = std::max(hi, mx);
  }
  p.range = hi - lo;
  p.relative_spread = p.range > 0 ? p.spread / p.range : 0.0;
  return p;
}

double relative_column_spread(const MatrixXd& m) {
  if (m.size() == 0) return 0;
  const double range = m.maxCoeff() - m.minCoeff();
  if (!(range > 0)) return 0;
  double spread = 0;
  for (Eigen::Index j = 0; j < m.cols(); ++j) spread = std::max(spread, m.col(j).maxCoeff() - m.col(j).minCoeff());
  return spread / range;
}

Result<FourTermsView> four_terms_view(double n, double dim, double seed, ToyWeights weights) {
  auto toy = score_toy(n, dim, seed, weights == ToyWeights::Identity);
  if (!toy.ok()) return toy.status;
  const auto& t = toy.value;
  auto terms = four_terms(t.x, t.p, t.wq, t.wk);
  if (!terms.ok()) return terms.status;
  FourTerms& f = terms.value;
  FourTermsView v;
  v.shared_scale = std::max({max_abs(f.content_content), max_abs(f.content_position), max_abs(f.position_content),
                             max_abs(f.position_position), max_abs(f.total)});
  v.sum_residual = max_abs(f.content_content + f.content_position + f.position_content + f.position_position - f.total);
  v.rms = {rms(f.content_content), rms(f.content_position), rms(f.position_content), rms(f.position_position), rms(f.total)};
  v.transpose_gap = max_abs(f.position_content - f.content_position.transpose());
  v.pp_relative_spread = diagonal_profile(f.position_position).relative_spread;
  v.content_content = std::move(f.content_content);
  v.content_position = std::move(f.content_position);
  v.position_content = std::move(f.position_content);
  v.position_position = std::move(f.position_position);
  v.total = std::move(f.total);
  return v;
}

Result<RepeatedWordRow> repeated_word_row(double n, double dim, double seed, ToyWeights weights, double query) {
  auto toy = score_toy(n, dim, seed, weights == ToyWeights::Identity);
  if (!toy.ok()) return toy.status;
  if (auto st = check_integer("query", query, 0, n - 1); !st.ok()) return st;
  const auto& t = toy.value;
  const int rows = static_cast<int>(n), q = static_cast<int>(query);
  // Only row q of the four terms is needed: the same word x at every position, the query's
  // position q. Row vectors through W = W_Q W_Kᵀ once, then one dot product per key.
  const double scale = 1.0 / std::sqrt(dim);
  const VectorXd x = t.x.row(0).transpose(), pq = t.p.row(q).transpose();
  const MatrixXd w = t.wq * t.wk.transpose();
  const VectorXd xw = w.transpose() * x, pw = w.transpose() * pq;  // (x·W)ᵀ, (p_q·W)ᵀ
  RepeatedWordRow out;
  for (int j = 0; j < rows; ++j) {  // key
    const VectorXd pj = t.p.row(j).transpose();
    out.content_content.push_back(xw.dot(x) * scale);
    out.content_position.push_back(xw.dot(pj) * scale);
    out.position_content.push_back(pw.dot(x) * scale);
    out.position_position.push_back(pw.dot(pj) * scale);
    out.with_position.push_back((xw + pw).dot(x + pj) * scale);
  }
  out.without_position = out.content_content;
  const auto spread = [](const std::vector<double>& v) {
    const auto [mn, mx] = std::minmax_element(v.begin(), v.end());
    return *mx - *mn;
  };
  out.without_spread = spread(out.without_position);
  out.with_spread = spread(out.with_position);
  out.argmax = static_cast<int>(std::max_element(out.with_position.begin(), out.with_position.end()) - out.with_position.begin());
  out.uniform_weight = 1.0 / rows;
  const double top = out.with_position[static_cast<std::size_t>(out.argmax)];
  double sum = 0;
  for (double s : out.with_position) sum += std::exp(s - top);
  out.top_weight = 1.0 / sum;
  return out;
}

Result<PositionDiagonals> position_diagonals(double n, double dim, double seed) {
  auto eye = score_toy(n, dim, seed, true);
  if (!eye.ok()) return eye.status;
  auto rnd = score_toy(n, dim, seed, false);
  const double scale = 1.0 / std::sqrt(dim);
  const MatrixXd& p = eye.value.p;
  PositionDiagonals out;
  out.identity = diagonal_profile(p * p.transpose() * scale);
  out.projected = diagonal_profile(p * rnd.value.wq * rnd.value.wk.transpose() * p.transpose() * scale);
  return out;
}

Result<CausalView> causal_view(double n, double dim, double seed, ToyWeights weights, bool causal) {
  auto toy = score_toy(n, dim, seed, weights == ToyWeights::Identity);
  if (!toy.ok()) return toy.status;
  const auto& t = toy.value;
  const MatrixXd input = t.x + t.p;
  auto a = self_attention(input, t.wq, t.wk, t.wv, causal);
  if (!a.ok()) return a.status;
  CausalView v;
  v.scores = a.value.scores;
  v.weights = a.value.weights;
  const auto rows = v.weights.rows();
  for (Eigen::Index i = 0; i < rows; ++i) {
    v.row_sum_error = std::max(v.row_sum_error, std::abs(v.weights.row(i).sum() - 1.0));
    for (Eigen::Index j = i + 1; j < rows; ++j) v.future_weight = std::max(v.future_weight, v.weights(i, j));
  }
  // Change the later half of the sequence (its contents and its position encodings alike) and see
  // whether the outputs of the earlier half move.
  const Eigen::Index half = rows / 2;
  if (half > 0) {
    MatrixXd changed = input;
    changed.bottomRows(rows - half).array() += 1.0;
    auto b = self_attention(changed, t.wq, t.wk, t.wv, causal);
    v.leak = (b.value.output.topRows(half) - a.value.output.topRows(half)).cwiseAbs().maxCoeff();
  }
  return v;
}

}  // namespace posenc
