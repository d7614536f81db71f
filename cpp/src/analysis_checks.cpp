#include "posenc/analysis_checks.hpp"

#include <Eigen/Dense>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <set>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/analysis_attention.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

namespace posenc {

namespace {

constexpr double kPi = 3.14159265358979323846;

std::string shape(const MatrixXd& m) { return std::to_string(m.rows()) + " × " + std::to_string(m.cols()); }

MatrixXd permute_rows(const MatrixXd& m, const std::vector<int>& perm) {
  MatrixXd out(m.rows(), m.cols());
  for (Eigen::Index r = 0; r < m.rows(); ++r) out.row(r) = m.row(perm[static_cast<std::size_t>(r)]);
  return out;
}

Status check_frequency_args(double dim, double base) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  return check_base(base);
}

}  // namespace

// --- comparisons ---------------------------------------------------------------------------------

Result<double> max_abs_difference(const MatrixXd& a, const MatrixXd& b, bool transpose_b) {
  const Eigen::Index br = transpose_b ? b.cols() : b.rows(), bc = transpose_b ? b.rows() : b.cols();
  if (a.rows() != br || a.cols() != bc) {
    return Status::range("a is " + shape(a) + " but b" + (transpose_b ? "ᵀ" : "") + " is " + std::to_string(br) +
                         " × " + std::to_string(bc));
  }
  if (a.size() == 0) return 0.0;
  return transpose_b ? (a - b.transpose()).cwiseAbs().maxCoeff() : (a - b).cwiseAbs().maxCoeff();
}

MatrixXd gram(const MatrixXd& x) { return x * x.transpose(); }

std::vector<double> row_norms(const MatrixXd& x) {
  std::vector<double> out(static_cast<std::size_t>(x.rows()));
  for (Eigen::Index r = 0; r < x.rows(); ++r) out[static_cast<std::size_t>(r)] = x.row(r).norm();
  return out;
}

std::vector<double> row_ranges(const MatrixXd& x) {
  std::vector<double> out(static_cast<std::size_t>(x.rows()), 0.0);
  if (x.cols() == 0) return out;
  for (Eigen::Index r = 0; r < x.rows(); ++r) out[static_cast<std::size_t>(r)] = x.row(r).maxCoeff() - x.row(r).minCoeff();
  return out;
}

Result<ClosestPair> closest_pair(const MatrixXd& x, const std::vector<int>& columns) {
  if (x.rows() < 2) return Status::range("x must have at least 2 rows, got " + std::to_string(x.rows()));
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (columns[c] < 0 || columns[c] >= x.cols()) {
      return Status::range("columns[" + std::to_string(c) + "] must be a column of x (0 … " + std::to_string(x.cols() - 1) +
                           "), got " + std::to_string(columns[c]));
    }
  }
  const double work = static_cast<double>(x.rows()) * static_cast<double>(x.rows()) *
                      static_cast<double>(columns.empty() ? x.cols() : static_cast<Eigen::Index>(columns.size()));
  if (work > kMaxPositions) {
    return Status::range("rows² × columns must be at most " + format_number(kMaxPositions) + ", got " + format_number(work));
  }
  MatrixXd sub;
  if (columns.empty()) {
    sub = x;
  } else {
    sub.resize(x.rows(), static_cast<Eigen::Index>(columns.size()));
    for (std::size_t c = 0; c < columns.size(); ++c) sub.col(static_cast<Eigen::Index>(c)) = x.col(columns[c]);
  }
  ClosestPair best;
  best.distance = std::numeric_limits<double>::infinity();
  for (Eigen::Index i = 0; i < sub.rows(); ++i) {
    for (Eigen::Index j = i + 1; j < sub.rows(); ++j) {
      const double d = (sub.row(i) - sub.row(j)).norm();
      if (d < best.distance) best = {static_cast<int>(i), static_cast<int>(j), d};
    }
  }
  return best;
}

Result<SequenceStats> sequence_stats(const std::vector<double>& v) {
  if (v.empty()) return Status::range("values must not be empty");
  if (v.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return Status::range("values must have at most " + std::to_string(kMaxOffsets) + " entries");
  }
  SequenceStats s;
  s.min = *std::min_element(v.begin(), v.end());
  s.max = *std::max_element(v.begin(), v.end());
  for (double x : v) s.max_abs = std::max(s.max_abs, std::fabs(x));
  s.distinct = static_cast<int>(std::set<double>(v.begin(), v.end()).size());
  for (std::size_t i = 1; i < v.size(); ++i) {
    if (v[i] > v[i - 1]) {
      if (s.increases == 0) s.first_increase = static_cast<int>(i);
      ++s.increases;
    }
  }
  return s;
}

// --- the sinusoidal encoding ---------------------------------------------------------------------

Result<FrequencyTable> frequency_table(double dim, double base, double position) {
  if (auto st = check_frequency_args(dim, base); !st.ok()) return st;
  if (auto st = check_finite("position", position); !st.ok()) return st;
  FrequencyTable t;
  t.inv_freq = default_inv_freq(static_cast<int>(dim), base);
  for (double w : t.inv_freq) {
    t.divisor.push_back(1.0 / w);
    t.period.push_back(2 * kPi / w);
    t.angle.push_back(position * w);
  }
  return t;
}

Result<std::vector<double>> offset_distances(double dim, double base, const std::vector<double>& offsets) {
  if (auto st = check_frequency_args(dim, base); !st.ok()) return st;
  if (offsets.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return Status::range("offsets must have at most " + std::to_string(kMaxOffsets) + " entries");
  }
  const auto w = default_inv_freq(static_cast<int>(dim), base);
  std::vector<double> out;
  out.reserve(offsets.size());
  for (double delta : offsets) {
    double s = 0;
    for (double wi : w) {
      const double h = std::sin(0.5 * delta * wi);  // |p_0 − p_Δ|² per pair = 2 − 2cos(Δω) = 4 sin²(Δω/2)
      s += 4 * h * h;
    }
    out.push_back(std::sqrt(s));
  }
  return out;
}

Result<ClosestOffset> closest_offset(double dim, double base, double max_offset) {
  if (auto st = check_frequency_args(dim, base); !st.ok()) return st;
  if (auto st = check_integer("maxOffset", max_offset, 1, kMaxOffsets); !st.ok()) return st;
  std::vector<double> offsets(static_cast<std::size_t>(max_offset));
  for (std::size_t i = 0; i < offsets.size(); ++i) offsets[i] = static_cast<double>(i + 1);
  const auto d = offset_distances(dim, base, offsets);
  const auto it = std::min_element(d.value.begin(), d.value.end());
  return ClosestOffset{offsets[static_cast<std::size_t>(it - d.value.begin())], *it};
}

Result<Nearest> sinusoidal_nearest(double dim, double base, double positions, const std::vector<double>& point) {
  if (auto st = check_frequency_args(dim, base); !st.ok()) return st;
  if (auto st = check_integer("positions", positions, 1, kMaxTableRows); !st.ok()) return st;
  if (point.size() != static_cast<std::size_t>(dim)) {
    return Status::range("point must have dim = " + format_number(dim) + " entries, got " + std::to_string(point.size()));
  }
  if (positions * dim > kMaxPositions) {
    return Status::range("positions × dim must be at most " + format_number(kMaxPositions) + ", got " +
                         format_number(positions * dim));
  }
  const auto w = default_inv_freq(static_cast<int>(dim), base);
  Nearest best{0, std::numeric_limits<double>::infinity()};
  const Eigen::Map<const VectorXd> target(point.data(), static_cast<Eigen::Index>(2 * w.size()));
  for (double pos = 0; pos < positions; ++pos) {
    const double s = (sinusoid(pos, w) - target).squaredNorm();
    if (s < best.distance) best = {pos, s};
  }
  best.distance = std::sqrt(best.distance);
  return best;
}

Result<NumericalRank> numerical_rank(const MatrixXd& x, double tolerance) {
  if (auto st = check_finite("tolerance", tolerance); !st.ok()) return st;
  if (static_cast<double>(x.rows()) * static_cast<double>(x.cols()) > 1024.0 * 1024.0) {
    return Status::range("x must have at most 1048576 entries for a singular value decomposition, got " +
                         format_number(static_cast<double>(x.size())));
  }
  if (x.rows() < 1 || x.cols() < 1) return Status::range("x must have at least one row and one column");
  if (!(tolerance >= 0 && tolerance < 1)) {
    return Status::range("tolerance must be a number from 0 to 1 (exclusive), got " + format_number(tolerance));
  }
  const Eigen::MatrixXd m = x;  // column-major copy for the SVD
  Eigen::BDCSVD<Eigen::MatrixXd> svd(m);
  NumericalRank r;
  const auto& s = svd.singularValues();
  r.singular_values.assign(s.data(), s.data() + s.size());
  const double cut = tolerance * (s.size() > 0 ? s(0) : 0.0);
  for (Eigen::Index i = 0; i < s.size(); ++i) r.rank += s(i) > cut ? 1 : 0;
  return r;
}

Result<Turning> swept_angle(const MatrixXd& points) {
  if (points.cols() != 2 || points.rows() < 2) {
    return Status::range("points must be an n × 2 matrix with n ≥ 2, got " + shape(points));
  }
  double total = 0;
  for (Eigen::Index i = 1; i < points.rows(); ++i) {
    const double a0 = std::atan2(points(i - 1, 1), points(i - 1, 0)), a1 = std::atan2(points(i, 1), points(i, 0));
    double d = a1 - a0;
    while (d > kPi) d -= 2 * kPi;
    while (d < -kPi) d += 2 * kPi;
    total += d;
  }
  Turning t;
  t.degrees = total * 180 / kPi;
  t.gap = (points.row(0) - points.row(points.rows() - 1)).norm();
  return t;
}

Result<double> linear_shift_residual(const MatrixXd& x, double shift) {
  if (auto st = check_integer("k", shift, 1, kMaxMatrixSide); !st.ok()) return st;
  const int k = static_cast<int>(shift);
  if (k < 1 || k >= x.rows() - 1) {
    return Status::range("k must be an integer from 1 to rows − 2 = " + std::to_string(x.rows() - 2) + ", got " +
                         std::to_string(k));
  }
  const Eigen::Index n = x.rows() - k;
  const Eigen::MatrixXd a = x.topRows(n), b = x.bottomRows(n);
  const Eigen::MatrixXd mt = a.completeOrthogonalDecomposition().solve(b);  // a·Mᵀ ≈ b
  const double denom = b.norm();
  return denom > 0 ? (a * mt - b).norm() / denom : 0.0;
}

Result<ExpForm> exp_form_check(double dim, double base) {
  if (auto st = check_frequency_args(dim, base); !st.ok()) return st;
  const auto w = default_inv_freq(static_cast<int>(dim), base);
  ExpForm e;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const double x = 2.0 * static_cast<double>(i) / dim;
    e.natural = std::max(e.natural, std::fabs(std::exp(-x * std::log(base)) - w[i]) / w[i]);
    e.log10 = std::max(e.log10, std::fabs(std::exp(-x * std::log10(base)) - w[i]) / w[i]);
  }
  return e;
}

// --- attention -----------------------------------------------------------------------------------

Result<PermutationReport> permutation_report(const MatrixXd& x, const std::vector<int>& perm, const MatrixXd& wq,
                                             const MatrixXd& wk, const MatrixXd& wv) {
  if (auto st = check_permutation(perm, static_cast<int>(x.rows())); !st.ok()) return st;
  const auto a = self_attention(x, wq, wk, wv, false);
  if (!a.ok()) return a.status;
  const MatrixXd px = permute_rows(x, perm);
  const auto b = self_attention(px, wq, wk, wv, false);
  MatrixXd p = MatrixXd::Zero(x.rows(), x.rows());
  for (Eigen::Index r = 0; r < x.rows(); ++r) p(r, perm[static_cast<std::size_t>(r)]) = 1;
  PermutationReport rep;
  rep.equivariance = (b.value.output - p * a.value.output).cwiseAbs().maxCoeff();
  rep.invariance = (b.value.output - a.value.output).cwiseAbs().maxCoeff();
  rep.weights_change = (b.value.weights - a.value.weights).cwiseAbs().maxCoeff();
  rep.weights_conjugation = (b.value.weights - p * a.value.weights * p.transpose()).cwiseAbs().maxCoeff();
  rep.pooled_change = (b.value.output.colwise().mean() - a.value.output.colwise().mean()).cwiseAbs().maxCoeff();
  rep.weight_sum = a.value.weights.sum();
  rep.output_cols = static_cast<int>(a.value.output.cols());
  return rep;
}

Result<CausalReport> causal_report(const MatrixXd& x, const MatrixXd& wq, const MatrixXd& wk, const MatrixXd& wv,
                                   double change_from_in, double delta) {
  if (auto st = check_integer("changeFrom", change_from_in, 1, kMaxMatrixSide); !st.ok()) return st;
  const int change_from = static_cast<int>(change_from_in);
  if (change_from < 1 || change_from >= x.rows()) {
    return Status::range("changeFrom must be an integer from 1 to rows − 1 = " + std::to_string(x.rows() - 1) +
                         ", got " + std::to_string(change_from));
  }
  if (auto st = check_finite("delta", delta); !st.ok()) return st;
  const auto masked = self_attention(x, wq, wk, wv, true);
  if (!masked.ok()) return masked.status;
  const auto open = self_attention(x, wq, wk, wv, false);
  MatrixXd shifted = x;
  shifted.bottomRows(x.rows() - change_from).array() += delta;
  const auto moved = self_attention(shifted, wq, wk, wv, true);
  CausalReport r;
  r.min_unmasked_weight = std::numeric_limits<double>::infinity();
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    for (Eigen::Index j = i + 1; j < x.rows(); ++j) {
      r.max_masked_weight = std::max(r.max_masked_weight, masked.value.weights(i, j));
      r.min_unmasked_weight = std::min(r.min_unmasked_weight, open.value.weights(i, j));
    }
  }
  r.max_change_before =
      (moved.value.output.topRows(change_from) - masked.value.output.topRows(change_from)).cwiseAbs().maxCoeff();
  return r;
}

Result<double> concat_versus_add(const MatrixXd& x, const MatrixXd& p, const MatrixXd& w) {
  if (p.rows() != x.rows() || p.cols() != x.cols()) return Status::range("p must have the shape of x (" + shape(x) + ")");
  if (w.rows() != x.cols()) {
    return Status::range("w must have as many rows as x has columns (" + std::to_string(x.cols()) + "), got " + shape(w));
  }
  MatrixXd cat(x.rows(), 2 * x.cols()), tied(2 * w.rows(), w.cols());
  cat << x, p;
  tied << w, w;
  return (cat * tied - (x + p) * w).cwiseAbs().maxCoeff();
}

Result<double> bag_compare(const MatrixXd& a, const MatrixXd& b, const MatrixXd& wq, const MatrixXd& wk,
                           const MatrixXd& wv) {
  if (a.cols() != b.cols()) return Status::range("a and b must have the same number of columns");
  const auto ya = self_attention(a, wq, wk, wv, false);
  if (!ya.ok()) return ya.status;
  const auto yb = self_attention(b, wq, wk, wv, false);
  if (!yb.ok()) return yb.status;
  return (ya.value.output.colwise().mean() - yb.value.output.colwise().mean()).cwiseAbs().maxCoeff();
}

Result<FourTermsResidual> four_terms_residual(const MatrixXd& x, const MatrixXd& p, const MatrixXd& wq,
                                              const MatrixXd& wk) {
  const auto t = four_terms(x, p, wq, wk);
  if (!t.ok()) return t.status;
  const auto s = self_attention(x + p, wq, wk, wq, false);
  FourTermsResidual r;
  r.sum_vs_scores = (t.value.content_content + t.value.content_position + t.value.position_content + t.value.position_position - s.value.scores).cwiseAbs().maxCoeff();
  r.total_vs_scores = (t.value.total - s.value.scores).cwiseAbs().maxCoeff();
  return r;
}

// --- RoPE ----------------------------------------------------------------------------------------

Result<double> rope_score(const VectorXd& q, const VectorXd& k, double m, double n, const std::vector<double>& inv_freq,
                          const MatrixXd* project) {
  if (q.size() > kMaxDim) return Status::range("q must have at most " + std::to_string(kMaxDim) + " entries");
  if (q.size() != k.size() || q.size() < 2 * static_cast<Eigen::Index>(inv_freq.size()) || inv_freq.empty()) {
    return Status::range("q and k must have the same length, at least 2 × invFreq.length = " +
                         std::to_string(2 * inv_freq.size()));
  }
  if (auto st = check_finite("m", m); !st.ok()) return st;
  if (auto st = check_finite("n", n); !st.ok()) return st;
  if (auto st = check_frequencies(inv_freq.data(), inv_freq.size(), 1.0); !st.ok()) return st;
  const VectorXd qm = rope_rotate(q, m, inv_freq, RopeLayout::Interleaved);
  const VectorXd kn = rope_rotate(k, n, inv_freq, RopeLayout::Interleaved);
  if (project == nullptr) return qm.dot(kn);
  if (project->rows() != q.size()) {
    return Status::range("project must have as many rows as q has entries (" + std::to_string(q.size()) + "), got " +
                         shape(*project));
  }
  const VectorXd a = project->transpose() * qm, b = project->transpose() * kn;
  return a.dot(b);
}

Result<double> rotation_identity(double dim, double base, double m, double n) {
  if (dim > kMaxMatrixSide) {
    return Status::range("dim must be an even integer from 2 to " + std::to_string(kMaxMatrixSide) + ", got " +
                         format_number(dim));
  }
  const auto rm = rotation_matrix(dim, m, base, RopeLayout::Interleaved);
  if (!rm.ok()) return rm.status;
  if (auto st = check_finite("n", n); !st.ok()) return st;
  const auto rn = rotation_matrix(dim, n, base, RopeLayout::Interleaved);
  const auto rd = rotation_matrix(dim, n - m, base, RopeLayout::Interleaved);
  return (rm.value.transpose() * rn.value - rd.value).cwiseAbs().maxCoeff();
}

Result<double> complex_rope_score(const VectorXd& q, const VectorXd& k, double m, double n, double theta) {
  if (q.size() != 2 || k.size() != 2) return Status::range("q and k must have 2 entries (one plane)");
  if (auto st = check_finite("m", m); !st.ok()) return st;
  if (auto st = check_finite("n", n); !st.ok()) return st;
  if (auto st = check_finite("theta", theta); !st.ok()) return st;
  const std::complex<double> qc(q(0), q(1)), kc(k(0), k(1));
  return (qc * std::conj(kc) * std::polar(1.0, (m - n) * theta)).real();
}

// --- code in the documents -----------------------------------------------------------------------

Result<Broadcast> broadcast_shapes(const std::vector<double>& a, const std::vector<double>& b) {
  for (const auto* v : {&a, &b}) {
    if (v->size() > 32) return Status::range("a shape has at most 32 axes, got " + std::to_string(v->size()));
    for (double x : *v) {
      if (auto st = check_integer(v == &a ? "a" : "b", x, 0, 1e15); !st.ok()) return st;
    }
  }
  Broadcast r;
  const std::size_t n = std::max(a.size(), b.size());
  std::vector<double> out(n);
  for (std::size_t i = 0; i < n; ++i) {  // axis, from the last
    const double x = i < a.size() ? a[a.size() - 1 - i] : 1, y = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (x != y && x != 1 && y != 1) {
      r.ok = false;
      r.axis = -static_cast<double>(i + 1);
      r.left = x;
      r.right = y;
      return r;
    }
    out[n - 1 - i] = x == 1 ? y : x;
  }
  r.ok = true;
  r.shape = out;
  return r;
}

Result<RopeCodeOutput> rope_code_output(const VectorXd& x, double position, const std::vector<double>& inv_freq) {
  if (auto st = check_finite("position", position); !st.ok()) return st;
  const std::size_t h = inv_freq.size();
  if (h == 0) return Status::range("invFreq must not be empty");
  if (static_cast<std::size_t>(x.size()) != 2 * h) {
    return Status::range("x must have 2·invFreq.length = " + std::to_string(2 * h) + " entries, got " + std::to_string(x.size()));
  }
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x(i))) return Status::range("x[" + std::to_string(i) + "] must be finite");
  }
  RopeCodeOutput r;
  r.code.resize(x.size());
  r.interleaved.resize(x.size());
  for (std::size_t k = 0; k < h; ++k) {  // pair
    if (!(inv_freq[k] > 0) || !std::isfinite(inv_freq[k])) return Status::range("invFreq[" + std::to_string(k) + "] must be positive");
    const double c = std::cos(position * inv_freq[k]), s = std::sin(position * inv_freq[k]);
    const double a = x(static_cast<Eigen::Index>(2 * k)), b = x(static_cast<Eigen::Index>(2 * k + 1));
    r.code(static_cast<Eigen::Index>(k)) = a * c - b * s;      // first half: x1·cos − x2·sin
    r.code(static_cast<Eigen::Index>(h + k)) = a * s + b * c;  // second half: x1·sin + x2·cos
    r.interleaved(static_cast<Eigen::Index>(2 * k)) = a * c - b * s;
    r.interleaved(static_cast<Eigen::Index>(2 * k + 1)) = a * s + b * c;
  }
  for (std::size_t k = 0; k < 2 * h; ++k) r.order.push_back(static_cast<int>(k < h ? 2 * k : 2 * (k - h) + 1));
  for (std::size_t k = 0; k < 2 * h; ++k) {
    const auto i = static_cast<Eigen::Index>(k);
    r.max_reordered_difference = std::max(r.max_reordered_difference, std::abs(r.code(i) - r.interleaved(r.order[k])));
    r.max_in_place_difference = std::max(r.max_in_place_difference, std::abs(r.code(i) - r.interleaved(i)));
  }
  return r;
}

}  // namespace posenc
