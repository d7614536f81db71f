#include "posenc/analysis_sinusoidal.hpp"

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

}  // namespace posenc
