#include "posenc/analysis_seeds.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/analysis_attention.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/positions.hpp"

namespace posenc {

namespace {

double max_abs(const MatrixXd& m) { return m.size() == 0 ? 0.0 : m.cwiseAbs().maxCoeff(); }
double rms(const MatrixXd& m) { return m.size() == 0 ? 0.0 : std::sqrt(m.squaredNorm() / static_cast<double>(m.size())); }
double row_gap(const MatrixXd& m, int a, int b) { return (m.row(a) - m.row(b)).cwiseAbs().maxCoeff(); }

constexpr int kMaxSameWordRows = 64;

}  // namespace

Result<SameWord> same_word(const MatrixXd& x, double a, double b, double base, double seed) {
  const int n = static_cast<int>(x.rows()), d = static_cast<int>(x.cols());
  if (n < 2 || n > kMaxSameWordRows) {
    return Status::range("x must have 2 to " + std::to_string(kMaxSameWordRows) + " rows (one per word), got " + std::to_string(n));
  }
  if (auto st = check_dim("x columns", d, true); !st.ok()) return st;
  if (d > kMaxToySide) return Status::range("x must have at most " + std::to_string(kMaxToySide) + " columns, got " + std::to_string(d));
  if (!x.allFinite()) return Status::range("x must hold finite numbers");
  if (auto st = check_integer("a", a, 0, n - 1); !st.ok()) return st;
  if (auto st = check_integer("b", b, 0, n - 1); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_integer("seed", seed, 0, kMaxSeed / 4); !st.ok()) return st;
  const int ia = static_cast<int>(a), ib = static_cast<int>(b);
  auto p = sinusoidal_table(Positions::range(n), d, base, SinusoidalLayout::Interleaved);
  if (!p.ok()) return p.status;
  Rng rng(static_cast<std::uint64_t>(seed) * 4 + 1);
  const MatrixXd wq = rng.normal_matrix(d, d, 0.5), wk = rng.normal_matrix(d, d, 0.5), wv = rng.normal_matrix(d, d, 0.5);
  SameWord s;
  s.encoding = p.value;
  s.sum = x + p.value;
  auto plain = self_attention(x, wq, wk, wv, false);
  if (!plain.ok()) return plain.status;
  auto encoded = self_attention(s.sum, wq, wk, wv, false);
  if (!encoded.ok()) return encoded.status;
  s.output_plain = plain.value.output;
  s.output_encoded = encoded.value.output;
  s.input_gap_plain = row_gap(x, ia, ib);
  s.input_gap_encoded = row_gap(s.sum, ia, ib);
  s.output_gap_plain = row_gap(s.output_plain, ia, ib);
  s.output_gap_encoded = row_gap(s.output_encoded, ia, ib);
  return s;
}

Result<LogLadder> log_ladder(double dim, double base) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  const int d = static_cast<int>(dim);
  LogLadder l;
  l.ln_base = std::log(base);
  l.step = 2.0 * l.ln_base / d;
  l.ratio = std::exp(l.step);
  const auto inv = default_inv_freq(d, base);
  for (double w : inv) l.wavelengths.push_back(2.0 * M_PI / w);
  l.span = std::log(l.wavelengths.back() / l.wavelengths.front());
  l.octaves = l.span / std::log(2.0);
  return l;
}

Result<Rope2dFrequencies> rope2d_frequencies(double dim, double base, double dx, double dy) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (static_cast<int>(dim) % 4 != 0) return Status::range("dim must be a multiple of 4 (each axis gets an even half), got " + format_number(dim));
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_finite("dx", dx); !st.ok()) return st;
  if (auto st = check_finite("dy", dy); !st.ok()) return st;
  const int half = static_cast<int>(dim) / 2;
  // The frequencies rope_rotate_2d uses for each half.
  const auto inv = default_inv_freq(half, base);
  Rope2dFrequencies f;
  f.dim_x = half;
  f.dim_y = half;
  f.theta_x = inv;
  f.theta_y = inv;
  for (double t : inv) {
    f.angle_x.push_back(dx * t);
    f.angle_y.push_back(dy * t);
  }
  return f;
}

Result<DebertaView> deberta_view(double n, double dim, double k, double seed) {
  if (auto st = check_integer("n", n, 1, kMaxToySide); !st.ok()) return st;
  if (auto st = check_dim("dim", dim, false); !st.ok()) return st;
  if (dim > kMaxToySide) return Status::range("dim must be at most " + std::to_string(kMaxToySide) + ", got " + format_number(dim));
  if (auto st = check_integer("k", k, 1, kMaxToySide); !st.ok()) return st;
  if (auto st = check_integer("seed", seed, 0, kMaxSeed / 8); !st.ok()) return st;
  const int len = static_cast<int>(n), d = static_cast<int>(dim), kk = static_cast<int>(k);
  const auto s = static_cast<std::uint64_t>(seed) * 8;
  auto rnd = [&](std::uint64_t key, int rows, int cols, double sd) {
    Rng rng(s + key);
    return rng.normal_matrix(rows, cols, sd);
  };
  const MatrixXd h = rnd(1, len, d, 1.0);       // content
  const MatrixXd p = rnd(2, 2 * kk, d, 1.0);    // relative position embeddings, one row per bucket
  const MatrixXd qc = h * rnd(3, d, d, 0.5), kc = h * rnd(4, d, d, 0.5);
  const MatrixXd qr = p * rnd(5, d, d, 0.5), kr = p * rnd(6, d, d, 0.5);
  auto delta = [&](int i, int j) { return i - j <= -kk ? 0 : i - j >= kk ? 2 * kk - 1 : i - j + kk; };
  const double scale = 1.0 / std::sqrt(3.0 * d);
  DebertaView v;
  v.c2c.resize(len, len);
  v.c2p.resize(len, len);
  v.p2c.resize(len, len);
  v.buckets.resize(len, len);
  std::set<int> seen;
  for (int i = 0; i < len; ++i) {
    std::map<int, int> count;
    for (int j = 0; j < len; ++j) v.most_in_one_bucket = std::max(v.most_in_one_bucket, ++count[delta(i, j)]);
    for (int j = 0; j < len; ++j) {
      v.c2c(i, j) = qc.row(i).dot(kc.row(j)) * scale;
      v.c2p(i, j) = qc.row(i).dot(kr.row(delta(i, j))) * scale;
      v.p2c(i, j) = kc.row(j).dot(qr.row(delta(j, i))) * scale;
      v.buckets(i, j) = delta(i, j);
      seen.insert(delta(i, j));
    }
  }
  v.total = v.c2c + v.c2p + v.p2c;
  v.sum_residual = (v.c2c + v.c2p + v.p2c - v.total).cwiseAbs().maxCoeff();
  v.distinct_buckets = static_cast<int>(seen.size());
  const MatrixXd* m[3] = {&v.c2c, &v.c2p, &v.p2c};
  for (std::size_t t = 0; t < 3; ++t) {
    v.shared_scale = std::max(v.shared_scale, max_abs(*m[t]));
    v.rms[t] = rms(*m[t]);
  }
  v.shared_scale = std::max(v.shared_scale, max_abs(v.total));
  const double norm = v.shared_scale > 0 ? v.shared_scale : 1.0;
  // Spread of the entries sharing one bucket: along rows of c2p (by δ(i,j)), down columns of p2c
  // (by δ(j,i)) and, for contrast, down columns of c2p (by δ(i,j)).
  double row_c2p = 0, col_p2c = 0, col_c2p = 0;
  for (int a = 0; a < len; ++a) {
    std::map<int, std::pair<double, double>> r1, r2, r3;
    auto add = [](std::map<int, std::pair<double, double>>& g, int key, double x) {
      auto it = g.find(key);
      if (it == g.end()) g.emplace(key, std::make_pair(x, x));
      else it->second = {std::min(it->second.first, x), std::max(it->second.second, x)};
    };
    for (int b = 0; b < len; ++b) {
      add(r1, delta(a, b), v.c2p(a, b));  // row a of c2p
      add(r2, delta(a, b), v.p2c(b, a));  // column a of p2c: query b, key a, bucket δ(a, b)
      add(r3, delta(b, a), v.c2p(b, a));  // column a of c2p: query b, bucket δ(b, a)
    }
    for (const auto& [key, mm] : r1) row_c2p = std::max(row_c2p, mm.second - mm.first);
    for (const auto& [key, mm] : r2) col_p2c = std::max(col_p2c, mm.second - mm.first);
    for (const auto& [key, mm] : r3) col_c2p = std::max(col_c2p, mm.second - mm.first);
  }
  v.c2p_bucket_spread = row_c2p / norm;
  v.p2c_bucket_spread = col_p2c / norm;
  v.c2p_column_spread = col_c2p / norm;
  return v;
}

}  // namespace posenc
