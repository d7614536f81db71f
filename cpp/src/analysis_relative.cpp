#include "posenc/analysis_relative.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/limits.hpp"
#include "posenc/positions.hpp"

namespace posenc {

namespace {

double max_abs(const MatrixXd& m) { return m.size() == 0 ? 0.0 : m.cwiseAbs().maxCoeff(); }
double rms(const MatrixXd& m) { return m.size() == 0 ? 0.0 : std::sqrt(m.squaredNorm() / static_cast<double>(m.size())); }

int distinct(const MatrixXd& m) {
  std::set<double> seen(m.data(), m.data() + m.size());
  return static_cast<int>(seen.size());
}

}  // namespace

Result<RelativeBias> relative_bias_example(double n, double seed) {
  if (auto st = check_integer("n", n, 1, kMaxRelativeLength); !st.ok()) return st;
  if (auto st = check_integer("seed", seed, 0, kMaxSeed); !st.ok()) return st;
  const int len = static_cast<int>(n);
  Rng rng(static_cast<std::uint64_t>(seed));
  const MatrixXd noise = rng.normal_matrix(1, 2 * len - 1, 0.2);
  RelativeBias b;
  for (int k = 0; k < 2 * len - 1; ++k) {
    const int delta = k - (len - 1);  // j − i
    b.offsets.push_back(delta);
    b.bias.push_back(-0.3 * std::abs(delta) + noise(0, k));
  }
  b.matrix.resize(len, len);
  for (int i = 0; i < len; ++i) {      // query
    for (int j = 0; j < len; ++j) {    // key
      b.matrix(i, j) = b.bias[static_cast<std::size_t>(j - i + len - 1)];
    }
  }
  b.relative_spread = diagonal_profile(b.matrix).relative_spread;
  return b;
}

Result<SlidingPair> sliding_pair(double n, double dim, double seed, double gap) {
  auto toy = score_toy(n, dim, seed, false);
  if (!toy.ok()) return toy.status;
  if (auto st = check_integer("gap", gap, 0, n - 1); !st.ok()) return st;
  auto bias = relative_bias_example(n, seed);
  if (!bias.ok()) return bias.status;
  const auto& t = toy.value;
  const MatrixXd pp = t.p * t.wq * t.wk.transpose() * t.p.transpose() / std::sqrt(dim);
  const int len = static_cast<int>(n), g = static_cast<int>(gap);
  SlidingPair s;
  for (int i = 0; i + g < len; ++i) {
    s.starts.push_back(i);
    s.absolute.push_back(pp(i, i + g));
    s.relative.push_back(bias.value.matrix(i, i + g));
  }
  const auto spread = [](const std::vector<double>& v) {
    const auto [mn, mx] = std::minmax_element(v.begin(), v.end());
    return *mx - *mn;
  };
  s.absolute_spread = spread(s.absolute);
  s.relative_spread = spread(s.relative);
  s.absolute_matrix_spread = diagonal_profile(pp).relative_spread;
  return s;
}

Result<ShawRows> shaw_rows(double n, double k) {
  if (auto st = check_integer("n", n, 1, kMaxRelativeLength / 4); !st.ok()) return st;
  if (auto st = check_integer("k", k, 0, kMaxRelativeLength); !st.ok()) return st;
  auto idx = shaw_relative_indices(static_cast<int>(n), static_cast<int>(k));
  if (!idx.ok()) return idx.status;
  auto idx4 = shaw_relative_indices(static_cast<int>(4 * n), static_cast<int>(k));
  if (!idx4.ok()) return idx4.status;
  ShawRows r;
  r.indices = idx.value.cast<double>();
  r.rows_used = distinct(r.indices);
  r.rows_used_4n = distinct(idx4.value.cast<double>());
  r.length_4n = static_cast<int>(4 * n);
  r.table_rows = 2 * static_cast<int>(k) + 1;
  return r;
}

Result<T5Layout> t5_layout(double span, double num_buckets, double max_distance, bool bidirectional) {
  if (auto st = check_integer("span", span, 1, kMaxRelativeLength); !st.ok()) return st;
  if (auto st = check_t5_options(num_buckets, max_distance, bidirectional); !st.ok()) return st;
  const T5Options o{bidirectional, static_cast<int>(num_buckets), static_cast<int>(max_distance)};
  const int s = static_cast<int>(span), nb = o.num_buckets;
  T5Layout l;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  l.bucket_lo.assign(static_cast<std::size_t>(nb), nan);
  l.bucket_hi.assign(static_cast<std::size_t>(nb), nan);
  for (int d = -(s - 1); d <= s - 1; ++d) {  // offset j − i
    const int b = t5_bucket(d, o);
    l.offsets.push_back(d);
    l.buckets.push_back(b);
    auto& lo = l.bucket_lo[static_cast<std::size_t>(b)];
    auto& hi = l.bucket_hi[static_cast<std::size_t>(b)];
    if (std::isnan(lo)) lo = hi = d;
    lo = std::min<double>(lo, d);
    hi = std::max<double>(hi, d);
  }
  for (double lo : l.bucket_lo) l.distinct += std::isnan(lo) ? 0 : 1;
  l.max_exact = (bidirectional ? nb / 2 : nb) / 2;
  l.max_distance = o.max_distance;
  l.pairs = span * span;
  return l;
}

Result<XlView> xl_view(double n, double dim, double seed) {
  if (auto st = check_integer("n", n, 1, kMaxToySide); !st.ok()) return st;
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (dim > kMaxToySide) return Status::range("dim must be at most " + std::to_string(kMaxToySide) + ", got " + format_number(dim));
  if (auto st = check_integer("seed", seed, 0, kMaxSeed / 8); !st.ok()) return st;
  const int len = static_cast<int>(n), d = static_cast<int>(dim);
  const auto s = static_cast<std::uint64_t>(seed) * 7;
  auto rnd = [&](std::uint64_t k, int rows, int cols, double sd) {
    Rng rng(s + k);
    return rng.normal_matrix(rows, cols, sd);
  };
  // R: the sinusoid of the offsets i − j = −(n−1) … n−1 (row (i − j) + (n − 1)); nothing learned.
  std::vector<double> offsets;
  for (int r = 0; r < 2 * len - 1; ++r) offsets.push_back(r - (len - 1));
  const MatrixXd r = sinusoidal_table(Positions::list(offsets.data(), static_cast<std::int64_t>(offsets.size())), d, 10000,
                                      SinusoidalLayout::Interleaved).value;
  const MatrixXd u = rnd(5, 1, d, 0.5), v = rnd(6, 1, d, 0.5);
  auto t = transformer_xl_terms(rnd(1, len, d, 1.0), r, rnd(2, d, d, 0.5), rnd(3, d, d, 0.5), rnd(4, d, d, 0.5),
                                u.row(0).transpose(), v.row(0).transpose());
  if (!t.ok()) return t.status;
  XlView x;
  x.a = std::move(t.value.a);
  x.b = std::move(t.value.b);
  x.c = std::move(t.value.c);
  x.d = std::move(t.value.d);
  const MatrixXd* m[4] = {&x.a, &x.b, &x.c, &x.d};
  for (std::size_t k = 0; k < 4; ++k) {
    x.shared_scale = std::max(x.shared_scale, max_abs(*m[k]));
    x.diagonal_spread[k] = diagonal_profile(*m[k]).relative_spread;
    x.column_spread[k] = relative_column_spread(*m[k]);
    x.rms[k] = rms(*m[k]);
  }
  return x;
}

Result<SentenceOffsets> sentence_offsets(const std::vector<double>& positions1, const std::vector<double>& positions2) {
  if (positions1.size() != positions2.size() || positions1.size() < 2 || positions1.size() > 256) {
    return Status::range("positions1 and positions2 must list the same words, 2 to 256 of them (got " +
                         std::to_string(positions1.size()) + " and " + std::to_string(positions2.size()) + ")");
  }
  for (std::size_t i = 0; i < positions1.size(); ++i) {
    const std::string a = "positions1[" + std::to_string(i) + "]", b = "positions2[" + std::to_string(i) + "]";
    if (auto st = check_integer(a.c_str(), positions1[i], -1e9, 1e9); !st.ok()) return st;
    if (auto st = check_integer(b.c_str(), positions2[i], -1e9, 1e9); !st.ok()) return st;
  }
  const auto w = static_cast<Eigen::Index>(positions1.size());
  SentenceOffsets s;
  s.offsets1.resize(w, w);
  s.offsets2.resize(w, w);
  for (Eigen::Index i = 0; i < w; ++i) {
    for (Eigen::Index j = 0; j < w; ++j) {
      s.offsets1(i, j) = positions1[static_cast<std::size_t>(j)] - positions1[static_cast<std::size_t>(i)];
      s.offsets2(i, j) = positions2[static_cast<std::size_t>(j)] - positions2[static_cast<std::size_t>(i)];
      if (i != j && s.offsets1(i, j) == s.offsets2(i, j)) ++s.same_pairs;
    }
  }
  for (Eigen::Index i = 0; i + 1 < w; ++i) {
    s.neighbours1.push_back(s.offsets1(i, i + 1));
    s.neighbours2.push_back(s.offsets2(i, i + 1));
  }
  s.pairs = static_cast<int>(w * (w - 1));
  return s;
}

}  // namespace posenc
