#include "posenc/analysis_permutation.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <string>

#include "posenc/analysis_attention.hpp"

namespace posenc {

namespace {

MatrixXd rows_of(const MatrixXd& m, const std::vector<int>& perm) {
  MatrixXd out(m.rows(), m.cols());
  for (Eigen::Index r = 0; r < m.rows(); ++r) out.row(r) = m.row(perm[static_cast<std::size_t>(r)]);
  return out;
}

double max_abs(const MatrixXd& a) { return a.size() == 0 ? 0.0 : a.cwiseAbs().maxCoeff(); }

std::vector<double> column_means(const MatrixXd& m) {
  std::vector<double> out(static_cast<std::size_t>(m.cols()));
  for (Eigen::Index c = 0; c < m.cols(); ++c) out[static_cast<std::size_t>(c)] = m.col(c).mean();
  return out;
}

}  // namespace

Result<ShuffleDemo> shuffle_demo(const MatrixXd& x, const std::vector<int>& perm, const MatrixXd& wq, const MatrixXd& wk,
                                 const MatrixXd& wv, const MatrixXd* encoding, const MatrixXd* read_out) {
  const MatrixXd none(0, wk.cols());
  const MatrixXd& queries = read_out != nullptr ? *read_out : none;
  if (x.rows() < 1 || x.cols() < 1) return Status::range("x must have at least one row and one column");
  if (auto st = check_permutation(perm, static_cast<int>(x.rows())); !st.ok()) return st;
  if (encoding != nullptr && (encoding->rows() != x.rows() || encoding->cols() != x.cols())) {
    return Status::range("encoding must have the shape of x (" + std::to_string(x.rows()) + " × " +
                         std::to_string(x.cols()) + ")");
  }
  if (queries.rows() > 0 && wv.cols() != wk.rows()) {
    return Status::range("the cross-attention read-out needs wv with as many columns as wk has rows (" +
                         std::to_string(wk.rows()) + "), got " + std::to_string(wv.cols()));
  }
  if (queries.rows() > 0 && queries.cols() != wk.cols()) {
    return Status::range("queries must have " + std::to_string(wk.cols()) + " columns (those of wk), got " +
                         std::to_string(queries.cols()));
  }
  const MatrixXd e = encoding != nullptr ? *encoding : MatrixXd::Zero(x.rows(), x.cols());
  ShuffleDemo d;
  d.input = x + e;
  d.input_permuted = rows_of(x, perm) + e;
  auto a = self_attention(d.input, wq, wk, wv, false);
  if (!a.ok()) return a.status;
  auto b = self_attention(d.input_permuted, wq, wk, wv, false);
  if (!b.ok()) return b.status;
  d.y = a.value.output;
  d.y_permuted = b.value.output;
  d.permuted_y = rows_of(d.y, perm);
  d.weights = a.value.weights;
  d.weights_permuted = b.value.weights;
  d.equivariance_gap = max_abs(d.y_permuted - d.permuted_y);
  d.invariance_gap = max_abs(d.y_permuted - d.y);
  // Π·A·Πᵀ: entry (r, s) is A(perm[r], perm[s]).
  MatrixXd pap(d.weights.rows(), d.weights.cols());
  for (Eigen::Index r = 0; r < pap.rows(); ++r) {
    for (Eigen::Index s = 0; s < pap.cols(); ++s) pap(r, s) = d.weights(perm[static_cast<std::size_t>(r)], perm[static_cast<std::size_t>(s)]);
  }
  d.weights_gap = max_abs(d.weights_permuted - pap);
  d.token_change.assign(static_cast<std::size_t>(x.rows()), 0);
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const int t = perm[static_cast<std::size_t>(r)];  // row r of ΠX holds token t
    d.token_change[static_cast<std::size_t>(t)] = max_abs(d.y_permuted.row(r) - d.y.row(t));
  }
  d.pooled = column_means(d.y);
  d.pooled_permuted = column_means(d.y_permuted);
  for (std::size_t c = 0; c < d.pooled.size(); ++c) d.pooled_gap = std::max(d.pooled_gap, std::fabs(d.pooled_permuted[c] - d.pooled[c]));
  if (queries.rows() > 0) {
    auto c0 = attention(queries, d.y * wk, d.y * wv, false);
    if (!c0.ok()) return c0.status;
    auto c1 = attention(queries, d.y_permuted * wk, d.y_permuted * wv, false);
    if (!c1.ok()) return c1.status;
    d.cross = c0.value.output;
    d.cross_permuted = c1.value.output;
    d.cross_gap = max_abs(d.cross_permuted - d.cross);
  }
  return d;
}

}  // namespace posenc
