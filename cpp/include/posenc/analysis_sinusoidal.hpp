// Measurements of the sinusoidal encoding shown beside the seeds' claims. float64.
#pragma once

#include <vector>

#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// --- sinusoidal properties -------------------------------------------------------------------

// p_i · p_{i+Δ} = Σ_m cos(Δ·ω_m): depends on Δ only (seed 001 eq. 6.1.9).
std::vector<double> dot_by_offset(int dim, double base, const std::vector<double>& offsets);

// Best linear map with PE(pos + k) ≈ M_k · PE(pos), fitted by least squares over pos = 0 … n−1.
// `features`: sin+cos pairs (the sinusoidal PE; M_k is exact) or sin only (no exact map exists).
enum class Features { SinCos = 0, SinOnly = 1 };
struct LinearMapFit {
  MatrixXd m;              // features × features
  double relative_residual;  // ‖P·M_kᵀ − P_k‖_F / ‖P_k‖_F over the fitted positions
  double max_abs_error;
};
Result<LinearMapFit> best_linear_map(double k, int dim, double base, int n, Features features);

// The exact M_k for sin+cos pairs: block-diagonal [[cos kω, sin kω], [−sin kω, cos kω]] (seed 000 §2.3).
MatrixXd exact_shift_map(double k, int dim, double base);

// Principal components of the rows of `x` (centred). coords: n × components; explained: ratio of
// variance per component.
struct Pca {
  MatrixXd coords;
  std::vector<double> explained;
};
Result<Pca> pca(const MatrixXd& x, int components);

}  // namespace posenc
