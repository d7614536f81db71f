#include "posenc/analysis_contexts.hpp"


#include <algorithm>
#include <cmath>
#include <limits>

#include "posenc/angle_walk.hpp"
#include "posenc/limits.hpp"
#include "posenc/relative.hpp"
#include "posenc/rope.hpp"

namespace posenc {

namespace {

constexpr double kPi = 3.14159265358979323846;
// One call does at most this many (position × pair) steps: the page spreads longer work over frames.
constexpr double kMaxWork = 1 << 30;

Status check_frequency_list(const std::vector<double>& inv_freq, double attention_factor) {
  if (inv_freq.empty()) return Status::range("invFreq must not be empty");
  if (inv_freq.size() > static_cast<std::size_t>(kMaxDim / 2)) {
    return Status::range("invFreq must have at most " + std::to_string(kMaxDim / 2) + " entries");
  }
  return check_frequencies(inv_freq.data(), inv_freq.size(), attention_factor);
}

Status check_work(double steps) {
  if (steps > kMaxWork) {
    return Status::range("this asks for " + format_number(steps) + " position × pair steps in one call; at most " +
                         format_number(kMaxWork) + " (split it)");
  }
  return Status::success();
}

}  // namespace

Result<ScalingBands> scaling_bands(const std::vector<double>& plain, const std::vector<double>& scaled, double factor) {
  if (plain.size() != scaled.size()) {
    return Status::range("plain and scaled must have the same length, got " + std::to_string(plain.size()) + " and " +
                         std::to_string(scaled.size()));
  }
  if (auto st = check_positive("factor", factor); !st.ok()) return st;
  if (auto st = check_frequencies(plain.data(), plain.size(), 1.0); !st.ok()) return st;
  if (auto st = check_frequencies(scaled.data(), scaled.size(), 1.0); !st.ok()) return st;
  ScalingBands b;
  const int n = static_cast<int>(plain.size());
  b.first_blended = b.first_divided = n;
  for (int i = 0; i < n; ++i) {
    const double ratio = plain[static_cast<std::size_t>(i)] / scaled[static_cast<std::size_t>(i)];
    if (std::abs(ratio - 1) < 1e-12) {
      ++b.kept;
    } else if (std::abs(ratio - factor) < 1e-9 * factor) {
      ++b.divided;
      b.first_divided = std::min(b.first_divided, i);
    } else {
      ++b.blended;
      b.first_blended = std::min(b.first_blended, i);
    }
  }
  return b;
}

Result<ContextFrequencies> context_frequencies(double dim, double base, double l_train, double l_target, double beta_fast,
                                               double beta_slow, double low_freq_factor, double high_freq_factor) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (dim < 4) return Status::range("dim must be at least 4 (dynamic scaling divides by dim − 2), got " + format_number(dim));
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_integer("trainLength", l_train, 1, kMaxPositions); !st.ok()) return st;
  if (auto st = check_integer("targetLength", l_target, 1, kMaxPositions); !st.ok()) return st;
  if (auto st = check_positive("betaFast", beta_fast); !st.ok()) return st;
  if (auto st = check_positive("betaSlow", beta_slow); !st.ok()) return st;
  if (auto st = check_positive("lowFreqFactor", low_freq_factor); !st.ok()) return st;
  if (auto st = check_positive("highFreqFactor", high_freq_factor); !st.ok()) return st;
  ContextFrequencies f;
  f.needs_scaling = l_target > l_train;
  f.factor = f.needs_scaling ? l_target / l_train : 1.0;
  f.inv_freq = default_inv_freq(static_cast<int>(dim), base);
  f.first_unseen = static_cast<int>(f.inv_freq.size());
  for (std::size_t i = 0; i < f.inv_freq.size(); ++i) {
    const double w = f.inv_freq[i];
    f.wavelength.push_back(2 * kPi / w);
    f.seen_turns.push_back(l_train * w / (2 * kPi));
    f.target_turns.push_back(l_target * w / (2 * kPi));
    if (2 * kPi / w > l_train) {
      ++f.unseen;
      f.first_unseen = std::min(f.first_unseen, static_cast<int>(i));
    }
  }
  f.slowest_at_train = show_angle(l_train * f.inv_freq.back());
  f.slowest_at_target = show_angle(l_target * f.inv_freq.back());

  for (const char* kind : {"linear", "dynamic", "yarn", "llama3"}) {
    ContextScaling c;
    c.kind = kind;
    RopeScaling& s = c.scaling;
    s.rope_type = kind;
    s.factor = f.factor;
    if (c.kind == "dynamic") {
      s.factor = 1;
      s.max_position_embeddings = l_train;
      s.seq_len = l_target;
    } else if (c.kind == "yarn") {
      s.original_max_position_embeddings = l_train;
      s.beta_fast = beta_fast;
      s.beta_slow = beta_slow;
    } else if (c.kind == "llama3") {
      s.original_max_position_embeddings = l_train;
      s.low_freq_factor = low_freq_factor;
      s.high_freq_factor = high_freq_factor;
    }
    auto r = inverse_frequencies(dim, base, s);
    if (!r.ok()) {
      c.error = r.status.message;
    } else {
      c.inv_freq = r.value.inv_freq;
      c.attention_factor = r.value.attention_factor;
      for (std::size_t i = 0; i < c.inv_freq.size(); ++i) {  // pair
        c.slowdown.push_back(f.inv_freq[i] / c.inv_freq[i]);
        c.wavelength.push_back(2 * kPi / c.inv_freq[i]);
        // less than a turn by L, and past the largest angle seen by L′
        if (l_train * f.inv_freq[i] < 2 * kPi && l_target * c.inv_freq[i] > l_train * f.inv_freq[i] * (1 + 1e-12)) ++c.unseen_after;
      }
      c.fastest_slowdown = c.slowdown.empty() ? 1 : c.slowdown.front();
      // dynamic's slowdown is not a single factor: its "divided" band is measured against the
      // slowdown of its slowest pair.
      const double band_factor = c.kind == "dynamic" ? c.slowdown.back() : f.factor;
      auto b = scaling_bands(f.inv_freq, c.inv_freq, band_factor);
      if (b.ok()) c.bands = b.value;
    }
    f.scalings.push_back(std::move(c));
  }
  return f;
}

Result<ConfigWavelengths> config_wavelengths(const std::vector<double>& inv_freq, const std::vector<double>& lengths) {
  if (auto st = check_frequency_list(inv_freq, 1.0); !st.ok()) return st;
  if (lengths.size() > 16) return Status::range("lengths must have at most 16 entries, got " + std::to_string(lengths.size()));
  for (std::size_t j = 0; j < lengths.size(); ++j) {
    if (!std::isfinite(lengths[j]) || lengths[j] <= 0) {
      return Status::range("lengths[" + std::to_string(j) + "] must be a finite number > 0, got " + format_number(lengths[j]));
    }
  }
  for (std::size_t i = 0; i < inv_freq.size(); ++i) {
    if (!(inv_freq[i] > 0)) return Status::range("invFreq[" + std::to_string(i) + "] must be > 0, got " + format_number(inv_freq[i]));
  }
  ConfigWavelengths out;
  out.wavelength.reserve(inv_freq.size());
  double slowest = std::numeric_limits<double>::infinity();
  for (double w : inv_freq) {
    out.wavelength.push_back(2 * kPi / w);
    slowest = std::min(slowest, w);
  }
  for (double length : lengths) {
    int n = 0;
    for (double wl : out.wavelength) n += wl > length ? 1 : 0;
    out.beyond.push_back(n);
    out.slowest_turns.push_back(length * slowest / (2 * kPi));
  }
  return out;
}

Result<MropeScores> mrope_scores(const std::vector<double>& q, const std::vector<double>& k,
                                 const std::vector<double>& inv_freq, const std::vector<double>& axes, double grid,
                                 double dt) {
  if (auto st = check_frequency_list(inv_freq, 1.0); !st.ok()) return st;
  const std::size_t pairs = inv_freq.size();
  if (q.size() != 2 * pairs) {
    return Status::range("q must have 2 · invFreq.length = " + std::to_string(2 * pairs) + " entries, got " +
                         std::to_string(q.size()));
  }
  if (k.size() != q.size()) {
    return Status::range("k must have as many entries as q (" + std::to_string(q.size()) + "), got " +
                         std::to_string(k.size()));
  }
  if (axes.size() != pairs) {
    return Status::range("axes must have one entry per pair (" + std::to_string(pairs) + "), got " +
                         std::to_string(axes.size()));
  }
  for (std::size_t i = 0; i < pairs; ++i) {
    if (axes[i] != 0 && axes[i] != 1 && axes[i] != 2) {
      return Status::range("axes[" + std::to_string(i) + "] must be 0 (time), 1 (height) or 2 (width), got " +
                           format_number(axes[i]));
    }
  }
  if (auto st = check_integer("grid", grid, 1, 64); !st.ok()) return st;
  if (auto st = check_finite("dt", dt); !st.ok()) return st;
  if (std::fabs(dt) > kMaxPositions) {
    return Status::range("dt must be within ±" + format_number(kMaxPositions) + ", got " + format_number(dt));
  }
  const int g = static_cast<int>(grid), c = g / 2;
  MropeScores r;
  r.total = r.time = r.height = r.width = MatrixXd::Zero(g, g);
  MatrixXd* share[3] = {&r.time, &r.height, &r.width};
  const double query_at[3] = {0, static_cast<double>(c), static_cast<double>(c)};
  for (int y = 0; y < g; ++y) {    // key's patch row
    for (int x = 0; x < g; ++x) {  // key's patch column
      const double key_at[3] = {dt, static_cast<double>(y), static_cast<double>(x)};
      for (std::size_t i = 0; i < pairs; ++i) {  // pair
        const int a = static_cast<int>(axes[i]);
        const double fq = inv_freq[i] * query_at[a], fk = inv_freq[i] * key_at[a];
        // Pair i is (x[i], x[i + pairs]), the half layout of these models.
        const Eigen::Vector2d qr = rotation2(fq) * Eigen::Vector2d(q[i], q[i + pairs]);
        const Eigen::Vector2d kr = rotation2(fk) * Eigen::Vector2d(k[i], k[i + pairs]);
        (*share[a])(y, x) += qr.dot(kr);
      }
    }
  }
  for (std::size_t i = 0; i < pairs; ++i) {  // pair: its share at the query's own patch and frame
    r.at_query[static_cast<std::size_t>(axes[i])] += q[i] * k[i] + q[i + pairs] * k[i + pairs];
  }
  r.time.array() -= r.at_query[0];
  r.height.array() -= r.at_query[1];
  r.width.array() -= r.at_query[2];
  r.total = r.time + r.height + r.width;
  r.time_spread = r.time.maxCoeff() - r.time.minCoeff();
  for (int i = 0; i < g; ++i) {
    r.height_spread_in_row = std::max(r.height_spread_in_row, r.height.row(i).maxCoeff() - r.height.row(i).minCoeff());
    r.width_spread_in_column =
        std::max(r.width_spread_in_column, r.width.col(i).maxCoeff() - r.width.col(i).minCoeff());
    r.height_change_down = std::max(r.height_change_down, r.height.col(i).maxCoeff() - r.height.col(i).minCoeff());
    r.width_change_across = std::max(r.width_change_across, r.width.row(i).maxCoeff() - r.width.row(i).minCoeff());
  }
  return r;
}

Result<std::vector<double>> long_range_values(const std::vector<double>& inv_freq, double attention_factor,
                                              const std::vector<double>& offsets) {
  if (auto st = check_frequency_list(inv_freq, attention_factor); !st.ok()) return st;
  if (offsets.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return Status::range("offsets must have at most " + std::to_string(kMaxOffsets) + " entries");
  }
  if (auto st = check_work(static_cast<double>(offsets.size()) * static_cast<double>(inv_freq.size())); !st.ok()) return st;
  std::vector<double> out;
  out.reserve(offsets.size());
  const double a2 = attention_factor * attention_factor;
  for (std::size_t t = 0; t < offsets.size(); ++t) {
    if (!std::isfinite(offsets[t])) {
      return Status::range("offsets[" + std::to_string(t) + "] must be a finite number, got " + format_number(offsets[t]));
    }
    double sum = 0;
    for (double w : inv_freq) sum += std::cos(offsets[t] * w);
    out.push_back(a2 * 2 * sum);
  }
  return out;
}

namespace {

// The first Δ of column c (see long_range_envelope).
std::int64_t column_start(std::int64_t c, std::int64_t n, std::int64_t cols, bool log_spaced) {
  if (!log_spaced) return c * n / cols;
  if (c <= 0) return 0;
  if (c >= cols) return n;
  return std::min(n, static_cast<std::int64_t>(std::floor(std::pow(static_cast<double>(n), static_cast<double>(c) / static_cast<double>(cols)))));
}

}  // namespace

Result<Envelope> long_range_envelope(const std::vector<double>& inv_freq, double attention_factor, double length,
                                     double columns, double first_column, std::optional<double> last, bool log_spaced) {
  const double last_column = last.value_or(columns);
  if (auto st = check_frequency_list(inv_freq, attention_factor); !st.ok()) return st;
  if (auto st = check_integer("length", length, 0, kMaxPositions); !st.ok()) return st;
  if (auto st = check_integer("columns", columns, 1, kMaxOffsets); !st.ok()) return st;
  if (auto st = check_integer("firstColumn", first_column, 0, columns); !st.ok()) return st;
  if (auto st = check_integer("lastColumn", last_column, first_column, columns); !st.ok()) return st;
  const auto n = static_cast<std::int64_t>(length) + 1;  // Δ = 0 … length
  const auto cols = static_cast<std::int64_t>(columns);
  const auto c0 = static_cast<std::int64_t>(first_column), c1 = static_cast<std::int64_t>(last_column);
  const auto start = [&](std::int64_t c) { return column_start(c, n, cols, log_spaced); };
  const double work = static_cast<double>(start(c1) - start(c0)) * static_cast<double>(inv_freq.size());
  if (auto st = check_work(work); !st.ok()) return st;
  AngleWalk walk(inv_freq);  // e^{iΔθ_i}, exact at each column's first Δ
  const double scale = 2 * attention_factor * attention_factor;
  Envelope e;
  e.lo.assign(static_cast<std::size_t>(c1 - c0), std::numeric_limits<double>::quiet_NaN());
  e.hi = e.lo;
  for (std::int64_t col = c0; col < c1; ++col) {  // column
    const std::int64_t from = start(col), to = start(col + 1);
    e.start.push_back(static_cast<double>(from));
    if (from == to) continue;
    walk.seek(static_cast<double>(from));
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (std::int64_t d = from; d < to; ++d) {  // Δ
      if (d > from) walk.next();
      double sum = 0;
      for (double c : walk.cos()) sum += c;
      lo = std::min(lo, scale * sum);
      hi = std::max(hi, scale * sum);
    }
    e.lo[static_cast<std::size_t>(col - c0)] = lo;
    e.hi[static_cast<std::size_t>(col - c0)] = hi;
  }
  return e;
}

Result<std::vector<double>> long_range_columns(double length, double columns, bool log_spaced) {
  if (auto st = check_integer("length", length, 0, kMaxPositions); !st.ok()) return st;
  if (auto st = check_integer("columns", columns, 1, kMaxOffsets); !st.ok()) return st;
  const auto n = static_cast<std::int64_t>(length) + 1, cols = static_cast<std::int64_t>(columns);
  std::vector<double> out;
  for (std::int64_t c = 0; c < cols; ++c) out.push_back(static_cast<double>(column_start(c, n, cols, log_spaced)));
  return out;
}

Result<LongRangeMatrix> long_range_matrix(const std::vector<double>& inv_freq, double attention_factor, double length,
                                          double size) {
  if (auto st = check_frequency_list(inv_freq, attention_factor); !st.ok()) return st;
  if (auto st = check_integer("length", length, 0, kMaxPositions); !st.ok()) return st;
  if (auto st = check_integer("size", size, 2, kMaxMatrixSide); !st.ok()) return st;
  if (auto st = check_result_size("score matrix", size * size, 8); !st.ok()) return st;
  if (auto st = check_work(size * size * static_cast<double>(inv_freq.size())); !st.ok()) return st;
  const int n = static_cast<int>(size), d = 2 * static_cast<int>(inv_freq.size());
  const VectorXd ones = VectorXd::Ones(d);
  LongRangeMatrix r;
  MatrixXd rotated(n, d);
  for (int p = 0; p < n; ++p) {
    r.positions.push_back(std::round(static_cast<double>(p) * length / (size - 1)));
    rotated.row(p) = rope_rotate(ones, r.positions.back(), inv_freq, RopeLayout::Interleaved, attention_factor).transpose();
  }
  r.scores = rotated * rotated.transpose();  // q = k: S = Q′Q′ᵀ
  return r;
}

Result<MatrixXd> alibi_head_bias(double num_heads, double head, double length) {
  auto slopes = alibi_slopes(num_heads);
  if (!slopes.ok()) return slopes.status;
  if (auto st = check_integer("head", head, 0, num_heads - 1); !st.ok()) return st;
  if (auto st = check_integer("length", length, 1, kMaxMatrixSide); !st.ok()) return st;
  if (auto st = check_result_size("ALiBi bias", length * length, 8); !st.ok()) return st;
  const int n = static_cast<int>(length);
  const double m = slopes.value[static_cast<std::size_t>(head)];
  MatrixXd b(n, n);
  for (int i = 0; i < n; ++i) {    // query
    for (int j = 0; j < n; ++j) {  // key
      b(i, j) = j > i ? -std::numeric_limits<double>::infinity() : 0.0 - m * (i - j);
    }
  }
  return b;
}

Result<MatrixXd> alibi_by_offset(double num_heads, const std::vector<double>& offsets) {
  auto slopes = alibi_slopes(num_heads);
  if (!slopes.ok()) return slopes.status;
  if (offsets.size() > static_cast<std::size_t>(kMaxMatrixSide)) {
    return Status::range("offsets must have at most " + std::to_string(kMaxMatrixSide) + " entries");
  }
  MatrixXd b(static_cast<Eigen::Index>(slopes.value.size()), static_cast<Eigen::Index>(offsets.size()));
  for (std::size_t t = 0; t < offsets.size(); ++t) {
    if (!std::isfinite(offsets[t])) {
      return Status::range("offsets[" + std::to_string(t) + "] must be a finite number, got " + format_number(offsets[t]));
    }
    for (std::size_t h = 0; h < slopes.value.size(); ++h) {
      b(static_cast<Eigen::Index>(h), static_cast<Eigen::Index>(t)) = 0.0 - slopes.value[h] * offsets[t];
    }
  }
  return b;
}

}  // namespace posenc
