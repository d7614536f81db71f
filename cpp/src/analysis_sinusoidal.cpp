#include "posenc/analysis_sinusoidal.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <complex>
#include <limits>
#include <algorithm>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

namespace posenc {

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
  return sinusoid_rows(offset, n, default_inv_freq(dim, base), f == Features::SinOnly);
}

}  // namespace

Result<LinearMapFit> best_linear_map(double k, double dim_in, double base, double n_in, Features features) {
  if (auto st = check_dim("dim", dim_in, true); !st.ok()) return st;
  if (dim_in > kMaxFitDim) {
    return Status::range("dim must be at most " + std::to_string(kMaxFitDim) + " for the least-squares fit, got " +
                         format_number(dim_in));
  }
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_finite("k", k); !st.ok()) return st;
  if (auto st = check_integer("n", n_in, 2, kMaxFitPositions); !st.ok()) return st;
  const int dim = static_cast<int>(dim_in), n = static_cast<int>(n_in);
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
  if (features == Features::SinCos) fit.exact = exact_shift_map(k, dim, base);
  return fit;
}

Result<Pca> pca(const MatrixXd& x, double count) {
  if (auto st = check_integer("components", count, 1, kMaxMatrixSide); !st.ok()) return st;
  const int components = static_cast<int>(count);
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
constexpr double kPi = 3.141592653589793238462643383279502884;
}  // namespace

Result<std::vector<double>> wavelengths(double dim, double base) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  const auto inv = default_inv_freq(static_cast<int>(dim), base);
  std::vector<double> out;
  out.reserve(inv.size());
  for (double w : inv) out.push_back(2 * kPi / w);
  return out;
}

Result<HeatmapTurns> heatmap_turns(double dim, double base, double positions) {
  auto w = wavelengths(dim, base);
  if (!w.ok()) return w.status;
  if (auto st = check_integer("positions", positions, 1, kMaxPositions); !st.ok()) return st;
  HeatmapTurns out;
  for (std::size_t i = 0; i < w.value.size(); ++i) {  // pair
    out.quarter.push_back(w.value[i] / 4);
    out.turns.push_back(positions / w.value[i]);
    if (w.value[i] / 4 > positions - 1) {
      if (out.first_still < 0) out.first_still = static_cast<int>(i);
      ++out.still;
    }
  }
  return out;
}

Result<LearnedStructure> learned_structure(const std::vector<double>& start, const std::vector<double>& trained) {
  if (trained.size() < 3) return Status::range("trained must have at least 3 entries, got " + std::to_string(trained.size()));
  if (start.size() != trained.size()) {
    return Status::range("start and trained must have the same length, got " + std::to_string(start.size()) + " and " +
                         std::to_string(trained.size()));
  }
  for (std::size_t k = 0; k < trained.size(); ++k) {
    if (!std::isfinite(trained[k]) || !std::isfinite(start[k])) return Status::range("the profiles must be finite (entry " + std::to_string(k) + ")");
  }
  LearnedStructure r;
  const std::size_t rows = trained.size();
  r.far_from = static_cast<int>(std::max<std::size_t>(2, rows / 4));
  r.near = trained[1];
  r.near_start = start[1];
  for (std::size_t k = static_cast<std::size_t>(r.far_from); k < rows; ++k) r.far += trained[k];
  r.far /= static_cast<double>(rows - static_cast<std::size_t>(r.far_from));
  for (std::size_t k = 1; k < rows; ++k) r.mean += trained[k];
  r.mean /= static_cast<double>(rows - 1);
  r.verdict = r.mean > 0.8 ? "all" : (r.near - r.near_start > 0.3 && r.near - r.far > 0.3) ? "neighbours" : "none";
  return r;
}

Result<PeriodCheck> period_check(double dim, double base, double length) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_positive("length", length); !st.ok()) return st;
  const auto longest = [base](double d) { return wavelengths(d, base).value.back(); };
  PeriodCheck out;
  out.longest = longest(dim);
  out.exceeds = out.longest > length;
  out.longest_512 = longest(512);
  // The longest period 2π·base^((d−2)/d) grows with d towards 2π·base: scan the even d in order.
  for (int d = 2; d <= kMaxDim; d += 2) {
    if (2 * kPi * std::pow(base, static_cast<double>(d - 2) / d) > length) {
      out.min_dim = d;
      break;
    }
  }
  return out;
}

namespace {

// Explicit frequencies (1 to kMaxDim/2, each finite and > 0) and at most kMaxOffsets offsets.
Status check_frequency_offsets(const std::vector<double>& inv_freq, const std::vector<double>& offsets) {
  if (inv_freq.empty() || inv_freq.size() > static_cast<std::size_t>(kMaxDim / 2)) {
    return Status::range("invFreq must list 1 to " + std::to_string(kMaxDim / 2) + " frequencies, got " +
                         std::to_string(inv_freq.size()));
  }
  for (std::size_t i = 0; i < inv_freq.size(); ++i) {
    const std::string name = "invFreq[" + std::to_string(i) + "]";
    if (auto st = check_positive(name.c_str(), inv_freq[i]); !st.ok()) return st;
  }
  if (offsets.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return Status::range("offsets must have at most " + std::to_string(kMaxOffsets) + " entries, got " +
                         std::to_string(offsets.size()));
  }
  return Status::success();
}

}  // namespace

Result<std::vector<double>> dot_by_frequencies(const std::vector<double>& inv_freq, const std::vector<double>& offsets) {
  if (auto st = check_frequency_offsets(inv_freq, offsets); !st.ok()) return st;
  std::vector<double> out;
  out.reserve(offsets.size());
  for (double delta : offsets) {
    double s = 0;
    for (double w : inv_freq) s += std::cos(delta * w);
    out.push_back(s);
  }
  return out;
}

Result<std::vector<double>> distance_by_frequencies(const std::vector<double>& inv_freq, const std::vector<double>& offsets) {
  if (auto st = check_frequency_offsets(inv_freq, offsets); !st.ok()) return st;
  std::vector<double> out;
  out.reserve(offsets.size());
  for (double delta : offsets) {
    double s = 0;
    // (sin a − sin b)² + (cos a − cos b)² = 2 − 2cos(a − b) = 4 sin²((a − b)/2): no cancellation.
    for (double w : inv_freq) {
      const double h = std::sin(delta * w / 2);
      s += 4 * h * h;
    }
    out.push_back(std::sqrt(s));
  }
  return out;
}

Result<DotProfile> dot_profile(double dim_in, double base, double max_offset_in, const std::vector<double>& starts) {
  if (auto st = check_dim("dim", dim_in, true); !st.ok()) return st;
  if (auto st = check_integer("maxOffset", max_offset_in, 1, kMaxFitPositions); !st.ok()) return st;
  if (dim_in > kMaxFitDim) {
    return Status::range("dim must be at most " + std::to_string(kMaxFitDim) + " here, got " + format_number(dim_in));
  }
  if (auto st = check_base(base); !st.ok()) return st;
  const int dim = static_cast<int>(dim_in), max_offset = static_cast<int>(max_offset_in);
  if (starts.size() > 8) return Status::range("starts must list at most 8 positions, got " + std::to_string(starts.size()));
  double last = max_offset;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const std::string name = "starts[" + std::to_string(i) + "]";
    if (auto st = check_integer(name.c_str(), starts[i], 0, kMaxFitPositions); !st.ok()) return st;
    last = std::max(last, starts[i] + max_offset);
  }
  DotProfile out;
  std::vector<double> offsets(static_cast<std::size_t>(max_offset) + 1);
  for (std::size_t k = 0; k < offsets.size(); ++k) offsets[k] = static_cast<double>(k);
  out.formula = dot_by_frequencies(default_inv_freq(dim, base), offsets).value;
  auto table = sinusoidal_table(Positions::range(static_cast<std::int64_t>(last) + 1), dim, base, SinusoidalLayout::Interleaved);
  if (!table.ok()) return table.status;
  const MatrixXd& t = table.value;
  for (double s0 : starts) {
    const auto s = static_cast<Eigen::Index>(s0);
    std::vector<double> row(offsets.size());
    for (std::size_t k = 0; k < offsets.size(); ++k) {
      row[k] = t.row(s).dot(t.row(s + static_cast<Eigen::Index>(k)));
      out.measured_error = std::max(out.measured_error, std::fabs(row[k] - out.formula[k]));
    }
    out.measured.push_back(std::move(row));
  }
  const Eigen::VectorXd norms = t.rowwise().norm();
  out.norm_min = norms.minCoeff();
  out.norm_max = norms.maxCoeff();
  out.norm_expected = std::sqrt(dim / 2.0);
  for (Eigen::Index r = 0; r < t.rows(); ++r) {
    for (int i = 0; i < dim / 2; ++i) {
      out.pair_norm_error = std::max(out.pair_norm_error, std::fabs(std::sqrt(t(r, 2 * i) * t(r, 2 * i) + t(r, 2 * i + 1) * t(r, 2 * i + 1)) - 1));
    }
  }
  for (int k = 0; k < max_offset; ++k) {
    if (out.formula[static_cast<std::size_t>(k) + 1] > out.formula[static_cast<std::size_t>(k)]) {
      if (out.rises == 0) out.first_rise = k;
      ++out.rises;
    }
  }
  return out;
}

Result<ClosestPositions> closest_positions(double dim_in, double base, double count_in) {
  if (auto st = check_dim("dim", dim_in, true); !st.ok()) return st;
  if (auto st = check_integer("count", count_in, 2, kMaxOffsets); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  const int dim = static_cast<int>(dim_in), count = static_cast<int>(count_in);
  if (static_cast<double>(count) * (dim / 2) > 67108864.0) {
    return Status::range("count × dim/2 must be at most 2^26 (the scan's work), got " + format_number(static_cast<double>(count) * (dim / 2)));
  }
  const auto inv = default_inv_freq(dim, base);
  // ‖p_0 − p_Δ‖² = Σ_i 4 sin²(Δω_i/2): every term ≥ 0, so the sum for an offset can stop as soon as
  // it passes the best so far. Pairs are summed fastest first (largest terms first), which ends
  // most offsets after one or two terms; the minimum found is exact.
  ClosestPositions out;
  double best = std::numeric_limits<double>::infinity();
  for (int delta = 1; delta < count; ++delta) {
    double d2 = 0;
    for (double w : inv) {
      const double h = std::sin(delta * w / 2);
      d2 += 4 * h * h;
      if (d2 >= best) break;
    }
    if (d2 < best) {
      best = d2;
      out.b = delta;
    }
  }
  out.distance = std::sqrt(best);
  return out;
}

Result<PcaShape> pca_shape(const MatrixXd& x) {
  if (x.cols() < 2) return Status::range("x must have at least 2 columns, got " + std::to_string(x.cols()));
  auto p = pca(x, 2);
  if (!p.ok()) return p.status;
  PcaShape out;
  out.coords = p.value.coords;
  out.explained = p.value.explained;
  double total = 0;
  double prev = std::atan2(out.coords(0, 1), out.coords(0, 0));
  for (Eigen::Index r = 1; r < out.coords.rows(); ++r) {
    const double a = std::atan2(out.coords(r, 1), out.coords(r, 0));
    double step = a - prev;
    while (step > kPi) step -= 2 * kPi;
    while (step < -kPi) step += 2 * kPi;
    total += step;
    prev = a;
  }
  out.swept_deg = total * 180 / kPi;
  out.turns = std::abs(out.swept_deg) / 360;
  const Eigen::Index n = out.coords.rows();
  double r2 = 0, steps = 0, first = 0, last = 0;
  const Eigen::Index quarter = std::max<Eigen::Index>(1, n / 4);
  for (Eigen::Index r = 0; r < n; ++r) {  // position
    const double rad = out.coords.row(r).norm();  // the coordinates are centred: distance from the centre
    r2 += rad * rad;
    if (r < quarter) first += rad;
    if (r >= n - quarter) last += rad;
    if (r > 0) steps += (out.coords.row(r) - out.coords.row(r - 1)).norm();
  }
  const double rms = std::sqrt(r2 / static_cast<double>(n));
  out.end_gap = rms > 0 ? (out.coords.row(n - 1) - out.coords.row(0)).norm() / rms : 0.0;
  out.mean_step = rms > 0 && n > 1 ? steps / static_cast<double>(n - 1) / rms : 0.0;
  out.radius_ratio = first > 0 ? last / first : 0.0;
  out.shape = out.turns < 0.9 ? "arch" : out.turns < 1.5 ? "loop" : "coil";
  return out;
}

}  // namespace posenc
