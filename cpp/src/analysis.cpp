#include "posenc/analysis.hpp"

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

std::vector<double> dot_by_offset(int dim, double base, const std::vector<double>& offsets) {
  const auto inv = default_inv_freq(dim, base);
  std::vector<double> out;
  out.reserve(offsets.size());
  for (double delta : offsets) {
    double s = 0;
    for (double w : inv) s += std::cos(delta * w);
    out.push_back(s);
  }
  return out;
}

MatrixXd exact_shift_map(double k, int dim, double base) {
  const auto inv = default_inv_freq(dim, base);
  MatrixXd m = MatrixXd::Zero(dim, dim);
  for (int i = 0; i < dim / 2; ++i) {
    const double c = std::cos(k * inv[static_cast<std::size_t>(i)]), s = std::sin(k * inv[static_cast<std::size_t>(i)]);
    m(2 * i, 2 * i) = c;
    m(2 * i, 2 * i + 1) = s;
    m(2 * i + 1, 2 * i) = -s;
    m(2 * i + 1, 2 * i + 1) = c;
  }
  return m;
}

namespace {

MatrixXd features_at(double offset, int n, int dim, double base, Features f) {
  const auto inv = default_inv_freq(dim, base);
  const int half = dim / 2;
  MatrixXd p(n, f == Features::SinCos ? dim : half);
  for (int r = 0; r < n; ++r) {
    for (int i = 0; i < half; ++i) {
      const double a = (r + offset) * inv[static_cast<std::size_t>(i)];
      if (f == Features::SinCos) {
        p(r, 2 * i) = std::sin(a);
        p(r, 2 * i + 1) = std::cos(a);
      } else {
        p(r, i) = std::sin(a);
      }
    }
  }
  return p;
}

}  // namespace

Result<LinearMapFit> best_linear_map(double k, int dim, double base, int n, Features features) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (dim > kMaxFitDim) {
    return Status::range("dim must be at most " + std::to_string(kMaxFitDim) + " for the least-squares fit, got " +
                         std::to_string(dim));
  }
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_finite("k", k); !st.ok()) return st;
  if (auto st = check_integer("n (fitted positions)", n, 2, kMaxFitPositions); !st.ok()) return st;
  const MatrixXd p = features_at(0, n, dim, base, features);
  const MatrixXd pk = features_at(k, n, dim, base, features);
  // Minimum-norm least squares: P·Mᵀ ≈ P_k. Complete orthogonal decomposition copes with the
  // nearly collinear slow columns (sin(pos·0.001) is almost linear over short ranges).
  const MatrixXd mt = p.completeOrthogonalDecomposition().solve(pk);
  LinearMapFit fit;
  fit.m = mt.transpose();
  const MatrixXd err = p * mt - pk;
  const double denom = pk.norm();
  fit.relative_residual = denom > 0 ? err.norm() / denom : 0;
  fit.max_abs_error = err.cwiseAbs().maxCoeff();
  return fit;
}

Result<Pca> pca(const MatrixXd& x, int components) {
  if (x.rows() < 2) return Status::range("PCA needs at least 2 rows, got " + std::to_string(x.rows()));
  if (components < 1 || components > x.cols()) {
    return Status::range("components must be from 1 to " + std::to_string(x.cols()) + ", got " + std::to_string(components));
  }
  const Eigen::RowVectorXd mean = x.colwise().mean();
  const MatrixXd centred = x.rowwise() - mean;
  const Eigen::MatrixXd cov = (centred.transpose() * centred) / static_cast<double>(x.rows() - 1);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(cov);
  const Eigen::VectorXd values = eig.eigenvalues();  // ascending
  const double total = values.sum();
  Pca out;
  out.coords.resize(x.rows(), components);
  for (int c = 0; c < components; ++c) {
    const Eigen::Index col = x.cols() - 1 - c;
    Eigen::VectorXd axis = eig.eigenvectors().col(col);
    // Fix the sign (eigenvectors are defined up to ±) so the picture does not flip between runs.
    Eigen::Index big = 0;
    axis.cwiseAbs().maxCoeff(&big);
    if (axis(big) < 0) axis = -axis;
    out.coords.col(c) = centred * axis;
    out.explained.push_back(total > 0 ? values(col) / total : 0);
  }
  return out;
}

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
  t.cc = x * w * x.transpose() * scale;
  t.cp = x * w * p.transpose() * scale;
  t.pc = p * w * x.transpose() * scale;
  t.pp = p * w * p.transpose() * scale;
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

Result<RopeSplit> rope_split(const VectorXd& q, const VectorXd& k, double delta, const std::vector<double>& inv_freq) {
  if (q.size() != k.size() || q.size() != 2 * static_cast<Eigen::Index>(inv_freq.size())) {
    return Status::range("q and k must both have 2 × (number of frequencies) = " +
                         std::to_string(2 * inv_freq.size()) + " entries");
  }
  if (auto st = check_finite("delta", delta); !st.ok()) return st;
  RopeSplit s;
  for (std::size_t i = 0; i < inv_freq.size(); ++i) {
    const Eigen::Vector2d qi(q(2 * i), q(2 * i + 1)), ki(k(2 * i), k(2 * i + 1));
    const double t = delta * inv_freq[i];
    const Eigen::Vector2d jk(-ki(1), ki(0));  // J·k: k turned by +90°
    s.cos_term.push_back(std::cos(t) * qi.dot(ki));
    s.sin_term.push_back(std::sin(t) * qi.dot(jk));
    s.direct.push_back(qi.dot(rotation2(t) * ki));
  }
  return s;
}

std::vector<double> rope_decay_bound(const std::vector<double>& inv_freq, const std::vector<double>& offsets) {
  std::vector<double> out;
  out.reserve(offsets.size());
  const double half = static_cast<double>(inv_freq.size());
  for (double delta : offsets) {
    std::complex<double> partial = 0;
    double sum = 0;
    for (double w : inv_freq) {
      partial += std::polar(1.0, delta * w);
      sum += std::abs(partial);
    }
    out.push_back(sum / half);
  }
  return out;
}

}  // namespace posenc
