#include "posenc/analysis_history.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/analysis_sinusoidal.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"

namespace posenc {

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

// Angle reduced to [0, 360) degrees, from radians formed in float64.
double degrees_mod(double rad) {
  double r = std::fmod(rad, kTwoPi);
  if (r < 0) r += kTwoPi;
  const double deg = r * (360.0 / kTwoPi);
  return deg >= 360.0 ? 0.0 : deg;
}

}  // namespace

Result<IntegerLabels> integer_labels(const MatrixXd& tokens, double length_in, double train_length_in) {
  if (auto st = check_integer("length", length_in, 1, kMaxTableRows); !st.ok()) return st;
  if (auto st = check_integer("trainLength", train_length_in, 1, kMaxTableRows); !st.ok()) return st;
  const int length = static_cast<int>(length_in), train_length = static_cast<int>(train_length_in);
  if (tokens.rows() != 2 || tokens.cols() < 1) {
    return Status::range("tokens must be 2 rows (two token vectors), got " + std::to_string(tokens.rows()));
  }
  IntegerLabels out;
  out.similarity.resize(static_cast<std::size_t>(length));
  const Eigen::RowVectorXd a = tokens.row(0), b = tokens.row(1);
  for (int pos = 0; pos < length; ++pos) {
    const Eigen::RowVectorXd u = a.array() + pos, v = b.array() + pos;
    const double nu = u.norm(), nv = v.norm();
    out.similarity[static_cast<std::size_t>(pos)] = nu > 0 && nv > 0 ? u.dot(v) / (nu * nv) : 1.0;
  }
  out.similarity_at_0 = out.similarity.front();
  out.similarity_last = out.similarity.back();
  out.largest_label = length - 1;
  out.largest_seen = train_length - 1;
  out.unseen = length > train_length ? length - train_length : 0;
  out.typical_entry = std::sqrt(tokens.squaredNorm() / static_cast<double>(tokens.size()));
  return out;
}

Result<std::vector<Ruler>> normalized_rulers(const std::vector<double>& lengths) {
  if (lengths.empty() || lengths.size() > 64) return Status::range("lengths must list 1 to 64 lengths, got " + std::to_string(lengths.size()));
  std::vector<Ruler> out;
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const std::string name = "lengths[" + std::to_string(i) + "]";
    if (auto st = check_integer(name.c_str(), lengths[i], 2, 4096); !st.ok()) return st;
    Ruler r;
    r.values = normalized_encoding(lengths[i]).value;
    r.gap = r.values[1] - r.values[0];
    out.push_back(std::move(r));
  }
  return out;
}

Result<BinarySteps> binary_steps(double bits_in, double step) {
  if (auto st = check_integer("bits", bits_in, 1, 16); !st.ok()) return st;
  const int bits = static_cast<int>(bits_in);
  const std::int64_t n = std::int64_t{1} << bits;
  if (auto st = check_integer("step", step, 0, static_cast<double>(n - 2)); !st.ok()) return st;
  BinarySteps out;
  out.flips.reserve(static_cast<std::size_t>(n - 1));
  for (std::int64_t p = 0; p + 1 < n; ++p) {
    int f = 0;
    for (std::uint64_t d = static_cast<std::uint64_t>(p) ^ static_cast<std::uint64_t>(p + 1); d != 0; d &= d - 1) ++f;
    out.flips.push_back(f);
    out.distance.push_back(std::sqrt(static_cast<double>(f)));
  }
  out.smallest = out.flips.empty() ? 0 : *std::min_element(out.flips.begin(), out.flips.end());
  out.largest = out.flips.empty() ? 0 : *std::max_element(out.flips.begin(), out.flips.end());
  const auto s = static_cast<std::uint64_t>(step);
  const std::uint64_t changed = s ^ (s + 1);
  for (int c = 0; c < bits; ++c) {
    if ((changed >> (bits - 1 - c)) & 1U) out.flipped_columns.push_back(c);
  }
  out.step_flips = static_cast<double>(out.flipped_columns.size());
  return out;
}

Result<ShiftPrediction> shift_prediction(double k, double dim_in, double base, double n_in, Features f) {
  auto fit = best_linear_map(k, dim_in, base, n_in, f);
  if (!fit.ok()) return fit.status;
  const int dim = static_cast<int>(dim_in), n = static_cast<int>(n_in);
  const auto inv = default_inv_freq(dim, base);
  const bool sines = f == Features::SinOnly;
  const int cols = sines ? dim / 2 : dim;
  ShiftPrediction out;
  const MatrixXd p = sinusoid_rows(0, n, inv, sines);
  out.target = sinusoid_rows(k, n, inv, sines);
  out.predicted = p * fit.value.m.transpose();
  const MatrixXd err = (out.predicted - out.target).cwiseAbs();
  out.column_error.resize(static_cast<std::size_t>(cols));
  double worst = -1;
  for (int c = 0; c < cols; ++c) {
    out.column_error[static_cast<std::size_t>(c)] = err.col(c).maxCoeff();
    if (out.column_error[static_cast<std::size_t>(c)] > worst) {
      worst = out.column_error[static_cast<std::size_t>(c)];
      out.worst_column = c;
    }
  }
  if (auto c = closest_rows(p); c.ok()) {
    out.closest_a = c.value.a;
    out.closest_b = c.value.b;
    out.closest_distance = c.value.distance;
  }
  Eigen::Index worst_pos = 0;
  err.col(out.worst_column).maxCoeff(&worst_pos);
  out.worst_position = static_cast<int>(worst_pos);
  out.relative_residual = fit.value.relative_residual;
  out.m = fit.value.m;
  if (fit.value.exact) {
    out.exact = fit.value.exact;
    out.exact_gap = (out.m - *out.exact).cwiseAbs().maxCoeff();
  }
  return out;
}

Result<ClosestRows> closest_rows(const MatrixXd& x) {
  if (x.rows() < 2) return Status::range("x must have at least 2 rows, got " + std::to_string(x.rows()));
  ClosestRows out;
  double best = std::numeric_limits<double>::infinity();
  for (Eigen::Index a = 0; a < x.rows(); ++a) {
    for (Eigen::Index b = a + 1; b < x.rows(); ++b) {
      const double d2 = (x.row(a) - x.row(b)).squaredNorm();
      if (d2 < best) {
        best = d2;
        out.a = static_cast<int>(a);
        out.b = static_cast<int>(b);
      }
    }
  }
  out.distance = std::sqrt(best);
  return out;
}

Result<PairHands> pair_hands(double pos, double k, double dim_in, double base) {
  if (auto st = check_dim("dim", dim_in, true); !st.ok()) return st;
  const int dim = static_cast<int>(dim_in);
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_finite("pos", pos); !st.ok()) return st;
  if (auto st = check_finite("k", k); !st.ok()) return st;
  const auto inv = default_inv_freq(dim, base);
  PairHands out;
  const MatrixXd m = exact_shift_map(k, dim, base);
  const VectorXd p = sinusoid(pos, inv), q = sinusoid(pos + k, inv);
  out.at.assign(p.data(), p.data() + p.size());
  out.shifted.assign(q.data(), q.data() + q.size());
  for (int i = 0; i < dim / 2; ++i) {
    const double w = inv[static_cast<std::size_t>(i)];
    const double a = pos * w, b = (pos + k) * w;
    out.angle_deg.push_back(degrees_mod(a));
    out.shifted_deg.push_back(degrees_mod(b));
    out.turn_deg.push_back(k * w * (360.0 / kTwoPi));
    out.turns.push_back(k * w / kTwoPi);
  }
  out.rotation_error = (m * p - q).cwiseAbs().maxCoeff();
  return out;
}

}  // namespace posenc
