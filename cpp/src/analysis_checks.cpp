#include "posenc/analysis_checks.hpp"

#include <Eigen/Dense>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <set>
#include <string>
#include <string_view>

#include "posenc/analysis_attention.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

namespace posenc {

namespace {

constexpr double kPi = 3.14159265358979323846;

std::string shape(const MatrixXd& m) { return std::to_string(m.rows()) + " × " + std::to_string(m.cols()); }

Status check_text(const std::string& text) {
  if (static_cast<double>(text.size()) > kMaxTextBytes) {
    return Status::range("text must have at most " + format_number(kMaxTextBytes) + " bytes, got " +
                         format_number(static_cast<double>(text.size())));
  }
  return Status::success();
}

// The lines of a text, without their line break (and without a trailing '\r').
std::vector<std::string_view> split_lines(const std::string& text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == text.size()) break;
    start = end + 1;
  }
  return lines;
}

bool blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool ends_with_colon(std::string_view s) {
  s = trim(s);
  return ends_with(s, ":") || ends_with(s, "\xef\xbc\x9a");  // ':' or '：'
}

// Does the line end a sentence? Closing brackets and quotes after the mark count too.
bool ends_sentence(std::string_view s) {
  s = trim(s);
  static const char* closers[] = {")", "\xef\xbc\x89", "\xe2\x80\x9d", "\xe2\x80\x99", "\"", "'", "\xe3\x80\x8d", "*", "`"};
  for (bool stripped = true; stripped;) {
    stripped = false;
    for (const char* c : closers) {
      if (ends_with(s, c)) {
        s.remove_suffix(std::string_view(c).size());
        stripped = true;
      }
    }
  }
  static const char* marks[] = {"\xe3\x80\x82", "\xef\xbc\x81", "\xef\xbc\x9f", ".", "!", "?", "\xe2\x80\xa6", ":", "\xef\xbc\x9a", "$"};
  for (const char* m : marks) {
    if (ends_with(s, m)) return true;
  }
  return false;
}

int count_fields(std::string_view s) {
  int n = 0;
  bool in = false;
  for (char c : s) {
    const bool space = c == ' ' || c == '\t';
    if (!space && !in) ++n;
    in = !space;
  }
  return n;
}

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
  for (double pos = 0; pos < positions; ++pos) {
    double s = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
      const double a = pos * w[i];
      const double ds = std::sin(a) - point[2 * i], dc = std::cos(a) - point[2 * i + 1];
      s += ds * ds + dc * dc;
    }
    if (s < best.distance) best = {pos, s};
  }
  best.distance = std::sqrt(best.distance);
  return best;
}

Result<NumericalRank> numerical_rank(const MatrixXd& x, double tolerance) {
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

Result<double> linear_shift_residual(const MatrixXd& x, int k) {
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
                                   int change_from, double delta) {
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

Result<OffsetAgreement> offset_agreement(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size() || a.size() < 2) return Status::range("a and b must list the same tokens (≥ 2 positions each)");
  if (a.size() > static_cast<std::size_t>(kMaxRelativeLength)) {
    return Status::range("a must have at most " + std::to_string(kMaxRelativeLength) + " positions");
  }
  const auto n = static_cast<Eigen::Index>(a.size());
  OffsetAgreement r;
  r.a.resize(n, n);
  r.b.resize(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < n; ++j) {
      r.a(i, j) = a[static_cast<std::size_t>(j)] - a[static_cast<std::size_t>(i)];
      r.b(i, j) = b[static_cast<std::size_t>(j)] - b[static_cast<std::size_t>(i)];
      if (i != j) {
        ++r.pairs;
        if (r.a(i, j) == r.b(i, j)) ++r.equal_pairs;
      }
    }
  }
  return r;
}

Result<FourTermsResidual> four_terms_residual(const MatrixXd& x, const MatrixXd& p, const MatrixXd& wq,
                                              const MatrixXd& wk) {
  const auto t = four_terms(x, p, wq, wk);
  if (!t.ok()) return t.status;
  const auto s = self_attention(x + p, wq, wk, wq, false);
  FourTermsResidual r;
  r.sum_vs_scores = (t.value.cc + t.value.cp + t.value.pc + t.value.pp - s.value.scores).cwiseAbs().maxCoeff();
  r.total_vs_scores = (t.value.total - s.value.scores).cwiseAbs().maxCoeff();
  return r;
}

// --- RoPE ----------------------------------------------------------------------------------------

Result<double> rope_score(const VectorXd& q, const VectorXd& k, double m, double n, const std::vector<double>& inv_freq,
                          const MatrixXd* project) {
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

// --- text ----------------------------------------------------------------------------------------

Result<std::vector<int>> text_find(const std::string& text, const std::string& needle) {
  if (auto st = check_text(text); !st.ok()) return st;
  if (needle.empty() || needle.find('\n') != std::string::npos) {
    return Status::range("needle must be a non-empty string without a line break");
  }
  std::vector<int> out;
  const auto lines = split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find(needle) != std::string_view::npos) out.push_back(static_cast<int>(i + 1));
  }
  return out;
}

Result<LineInfo> line_info(const std::string& text, int line) {
  if (auto st = check_text(text); !st.ok()) return st;
  const auto lines = split_lines(text);
  if (line < 1 || line > static_cast<int>(lines.size())) {
    return Status::range("line must be an integer from 1 to " + std::to_string(lines.size()) + ", got " +
                         std::to_string(line));
  }
  const std::string_view s = lines[static_cast<std::size_t>(line - 1)];
  LineInfo r;
  r.text = std::string(s);
  r.fields = count_fields(s);
  r.ends_sentence = ends_sentence(s);
  r.ends_with_colon = ends_with_colon(s);
  for (std::size_t i = static_cast<std::size_t>(line); i < lines.size(); ++i) {
    if (!blank(lines[i])) {
      r.next_non_empty = static_cast<int>(i + 1);
      r.next_text = std::string(lines[i]);
      r.next_ends_with_colon = ends_with_colon(lines[i]);
      break;
    }
  }
  return r;
}

DisplayMath display_math_scan(const std::string& text) {
  DisplayMath d;
  std::vector<std::pair<int, std::size_t>> at;  // (line, byte offset after the delimiter)
  std::vector<std::size_t> starts;              // byte offset of each delimiter
  int line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
    } else if (text[i] == '$' && i + 1 < text.size() && text[i + 1] == '$') {
      starts.push_back(i);
      at.emplace_back(line, i + 2);
      ++i;
    }
  }
  d.count = static_cast<int>(at.size());
  for (std::size_t k = 0; k + 1 < at.size(); k += 2) {
    d.open_line.push_back(at[k].first);
    d.close_line.push_back(at[k + 1].first);
    const std::string_view inside(text.data() + at[k].second, starts[k + 1] - at[k].second);
    d.empty.push_back(std::all_of(inside.begin(), inside.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }));
  }
  if (at.size() % 2 == 1) d.unclosed_line = at.back().first;
  return d;
}

std::vector<int> inline_math_space(const std::string& text) {
  std::vector<int> out;
  const auto lines = split_lines(text);
  for (std::size_t li = 0; li < lines.size(); ++li) {
    const std::string_view s = lines[li];
    bool open = false, flagged = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] != '$') continue;
      if (i + 1 < s.size() && s[i + 1] == '$') {  // part of $$: not inline math
        ++i;
        continue;
      }
      if (i > 0 && s[i - 1] == '\\') continue;  // \$ is a literal dollar
      if (!open) {
        if (i + 1 < s.size() && (s[i + 1] == ' ' || s[i + 1] == '\t')) flagged = true;
        open = true;
      } else {
        open = false;
      }
    }
    if (flagged) out.push_back(static_cast<int>(li + 1));
  }
  return out;
}

Headings markdown_headings(const std::string& text) {
  Headings h;
  const auto lines = split_lines(text);
  bool fenced = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view s = lines[i];
    if (s.substr(0, 3) == "```") {
      ++h.fences;
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    std::size_t level = 0;
    while (level < s.size() && s[level] == '#') ++level;
    if (level >= 1 && level <= 6 && level < s.size() && s[level] == ' ') {
      h.lines.push_back(static_cast<int>(i + 1));
      h.levels.push_back(static_cast<int>(level));
    }
  }
  return h;
}

}  // namespace posenc
