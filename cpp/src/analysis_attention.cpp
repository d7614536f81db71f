#include "posenc/analysis_attention.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <complex>
#include <limits>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

namespace posenc {

namespace {

MatrixXd softmax_rows(const MatrixXd& s) {
  MatrixXd a(s.rows(), s.cols());
  for (Eigen::Index i = 0; i < s.rows(); ++i) {
    const double mx = s.row(i).maxCoeff();
    double sum = 0;
    for (Eigen::Index j = 0; j < s.cols(); ++j) sum += (a(i, j) = std::exp(s(i, j) - mx));
    a.row(i) /= sum;
  }
  return a;
}

Status check_shapes(const MatrixXd& x, const MatrixXd& wq, const MatrixXd& wk, const MatrixXd& wv) {
  if (x.rows() < 1 || x.cols() < 1) return Status::range("X must have at least one row and one column");
  if (wq.rows() != x.cols() || wk.rows() != x.cols() || wv.rows() != x.cols()) {
    return Status::range("W_q, W_k, W_v must have as many rows as X has columns (" + std::to_string(x.cols()) + ")");
  }
  if (wq.cols() != wk.cols()) return Status::range("W_q and W_k must have the same number of columns (d_k)");
  return Status::success();
}

MatrixXd permute_rows(const MatrixXd& m, const std::vector<int>& perm) {
  MatrixXd out(m.rows(), m.cols());
  for (Eigen::Index r = 0; r < m.rows(); ++r) out.row(r) = m.row(perm[static_cast<std::size_t>(r)]);
  return out;
}

}  // namespace

Status check_permutation(const std::vector<int>& perm, int n) {
  if (static_cast<int>(perm.size()) != n) {
    return Status::range("permutation must list " + std::to_string(n) + " rows, got " + std::to_string(perm.size()));
  }
  std::vector<bool> seen(static_cast<std::size_t>(n), false);
  for (int p : perm) {
    if (p < 0 || p >= n || seen[static_cast<std::size_t>(p)]) {
      return Status::range("permutation must contain each of 0 … " + std::to_string(n - 1) + " exactly once");
    }
    seen[static_cast<std::size_t>(p)] = true;
  }
  return Status::success();
}

Result<Attention> attention(const MatrixXd& q, const MatrixXd& k, const MatrixXd& v, bool causal) {
  if (q.cols() != k.cols() || k.rows() != v.rows() || q.cols() < 1) {
    return Status::range("attention needs Q (n×d_k), K (m×d_k), V (m×d_v)");
  }
  Attention a;
  a.scores = q * k.transpose() / std::sqrt(static_cast<double>(q.cols()));
  if (causal) {
    for (Eigen::Index i = 0; i < a.scores.rows(); ++i) {
      for (Eigen::Index j = i + 1; j < a.scores.cols(); ++j) a.scores(i, j) = -std::numeric_limits<double>::infinity();
    }
  }
  a.weights = softmax_rows(a.scores);
  a.output = a.weights * v;
  return a;
}

Result<Attention> self_attention(const MatrixXd& x, const MatrixXd& wq, const MatrixXd& wk, const MatrixXd& wv,
                                 bool causal) {
  if (auto st = check_shapes(x, wq, wk, wv); !st.ok()) return st;
  return attention(x * wq, x * wk, x * wv, causal);
}

Result<FourTerms> four_terms(const MatrixXd& x, const MatrixXd& p, const MatrixXd& wq, const MatrixXd& wk) {
  if (auto st = check_shapes(x, wq, wk, wq); !st.ok()) return st;
  if (p.rows() != x.rows() || p.cols() != x.cols()) return Status::range("P must have the shape of X");
  const double scale = 1.0 / std::sqrt(static_cast<double>(wq.cols()));
  const MatrixXd w = wq * wk.transpose();
  FourTerms t;
  t.content_content = x * w * x.transpose() * scale;
  t.content_position = x * w * p.transpose() * scale;
  t.position_content = p * w * x.transpose() * scale;
  t.position_position = p * w * p.transpose() * scale;
  const MatrixXd xp = x + p;
  t.total = xp * w * xp.transpose() * scale;
  return t;
}

Result<PermutationCheck> permutation_check(const MatrixXd& x, const std::vector<int>& perm, const MatrixXd& wq,
                                           const MatrixXd& wk, const MatrixXd& wv, const MatrixXd* encoding) {
  if (auto st = check_shapes(x, wq, wk, wv); !st.ok()) return st;
  if (auto st = check_permutation(perm, static_cast<int>(x.rows())); !st.ok()) return st;
  if (encoding != nullptr && (encoding->rows() != x.rows() || encoding->cols() != x.cols())) {
    return Status::range("the position encoding must have the shape of X");
  }
  const MatrixXd zero = MatrixXd::Zero(x.rows(), x.cols());
  const MatrixXd& e = encoding != nullptr ? *encoding : zero;
  const auto y = self_attention(x + e, wq, wk, wv, false);
  const auto y_perm = self_attention(permute_rows(x, perm) + e, wq, wk, wv, false);
  PermutationCheck c;
  c.y_of_permuted = y_perm.value.output;
  c.permuted_y = permute_rows(y.value.output, perm);
  c.max_abs_difference = (c.y_of_permuted - c.permuted_y).cwiseAbs().maxCoeff();
  return c;
}

Result<CrossCheck> cross_attention_check(const MatrixXd& queries, const MatrixXd& source, const std::vector<int>& perm,
                                         const MatrixXd& wk, const MatrixXd& wv) {
  if (wk.rows() != source.cols() || wv.rows() != source.cols() || queries.cols() != wk.cols()) {
    return Status::range("W_k, W_v must have as many rows as the source has columns, and queries d_k columns");
  }
  if (auto st = check_permutation(perm, static_cast<int>(source.rows())); !st.ok()) return st;
  const MatrixXd k = source * wk, v = source * wv;
  const MatrixXd src_p = permute_rows(source, perm);
  const auto a = attention(queries, k, v, false);
  const auto b = attention(queries, src_p * wk, src_p * wv, false);
  CrossCheck c;
  c.original = a.value.output;
  c.permuted = b.value.output;
  c.max_abs_difference = (c.original - c.permuted).cwiseAbs().maxCoeff();
  return c;
}

Result<MatrixXd> matmul(const MatrixXd& a, const MatrixXd& b) {
  if (a.cols() != b.rows()) {
    return Status::range("a has " + std::to_string(a.cols()) + " columns but b has " + std::to_string(b.rows()) + " rows");
  }
  return MatrixXd(a * b);
}

}  // namespace posenc
