#include "posenc/relative.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "posenc/limits.hpp"

namespace posenc {

namespace {

Status check_len(double len) {
  return check_integer("length", len, 1, kMaxRelativeLength);
}

}  // namespace

Result<MatrixXd> relative_bias_matrix(double length, const std::vector<double>& bias) {
  if (auto st = check_len(length); !st.ok()) return st;
  const int len = static_cast<int>(length);
  if (bias.size() != static_cast<std::size_t>(2 * len - 1)) {
    return Status::range("bias must have 2·len − 1 = " + std::to_string(2 * len - 1) + " entries, got " +
                         std::to_string(bias.size()));
  }
  MatrixXd b(len, len);
  for (int i = 0; i < len; ++i) {
    for (int j = 0; j < len; ++j) b(i, j) = bias[static_cast<std::size_t>(i - j + len - 1)];
  }
  return b;
}

Result<Eigen::MatrixXi> shaw_relative_indices(int len, int k) {
  if (auto st = check_len(len); !st.ok()) return st;
  if (auto st = check_integer("k (clipping distance)", k, 0, kMaxRelativeLength); !st.ok()) return st;
  Eigen::MatrixXi idx(len, len);
  for (int i = 0; i < len; ++i) {
    for (int j = 0; j < len; ++j) idx(i, j) = std::clamp(j - i, -k, k) + k;
  }
  return idx;
}

Result<MatrixXd> shaw_indices(double length, double k) {
  if (auto st = check_len(length); !st.ok()) return st;
  if (auto st = check_integer("k", k, 0, kMaxRelativeLength); !st.ok()) return st;
  auto idx = shaw_relative_indices(static_cast<int>(length), static_cast<int>(k));
  if (!idx.ok()) return idx.status;
  return MatrixXd(idx.value.cast<double>());
}

Result<MatrixXd> shaw_scores(const MatrixXd& x, const MatrixXd& wq, const MatrixXd& wk, const MatrixXd& a, double clip) {
  if (auto st = check_integer("k", clip, 0, kMaxRelativeLength); !st.ok()) return st;
  const int k = static_cast<int>(clip);
  const auto n = static_cast<int>(x.rows());
  if (wq.rows() != x.cols() || wk.rows() != x.cols() || wq.cols() != wk.cols()) {
    return Status::range("W_q and W_k must both be d × d_k with d = columns of X");
  }
  if (a.rows() != 2 * k + 1 || a.cols() != wq.cols()) {
    return Status::range("relative embeddings must be (2k+1) × d_k = " + std::to_string(2 * k + 1) + " × " +
                         std::to_string(wq.cols()));
  }
  auto idx = shaw_relative_indices(n, k);
  if (!idx.ok()) return idx.status;
  const MatrixXd q = x * wq, kk = x * wk;
  const double scale = 1.0 / std::sqrt(static_cast<double>(wq.cols()));
  MatrixXd s(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) s(i, j) = q.row(i).dot(kk.row(j) + a.row(idx.value(i, j))) * scale;
  }
  return s;
}

Result<XlTerms> transformer_xl_terms(const MatrixXd& e, const MatrixXd& r, const MatrixXd& wq,
                                     const MatrixXd& wk_e, const MatrixXd& wk_r, const VectorXd& u,
                                     const VectorXd& v) {
  const auto n = e.rows();
  const auto dk = wq.cols();
  if (r.rows() != 2 * n - 1 || r.cols() != e.cols()) return Status::range("R must be (2n−1) × d");
  if (wq.rows() != e.cols() || wk_e.rows() != e.cols() || wk_r.rows() != e.cols() || wk_e.cols() != dk ||
      wk_r.cols() != dk || u.size() != dk || v.size() != dk) {
    return Status::range("W_q, W_kE, W_kR must be d × d_k and u, v of length d_k");
  }
  const MatrixXd q = e * wq, ke = e * wk_e, kr = r * wk_r;
  XlTerms t{MatrixXd(n, n), MatrixXd(n, n), MatrixXd(n, n), MatrixXd(n, n)};
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < n; ++j) {
      const auto rel = i - j + n - 1;
      t.a(i, j) = q.row(i).dot(ke.row(j));
      t.b(i, j) = q.row(i).dot(kr.row(rel));
      t.c(i, j) = u.dot(ke.row(j));
      t.d(i, j) = v.dot(kr.row(rel));
    }
  }
  return t;
}

Status check_t5_options(double num_buckets, double max_distance, bool bidirectional, const char* buckets_name,
                        const char* distance_name) {
  const double min_buckets = bidirectional ? 4 : 2;
  if (!std::isfinite(num_buckets) || std::floor(num_buckets) != num_buckets || num_buckets < min_buckets ||
      num_buckets > kMaxT5Buckets) {
    return Status::range(std::string(buckets_name) + " must be an integer from " + format_number(min_buckets) + " to " +
                         format_number(kMaxT5Buckets) + ", got " + format_number(num_buckets));
  }
  const int half = static_cast<int>(num_buckets) / (bidirectional ? 2 : 1);
  const int max_exact = half / 2;
  if (!std::isfinite(max_distance) || std::floor(max_distance) != max_distance || max_distance <= max_exact ||
      max_distance > kMaxT5Distance) {
    return Status::range(std::string(distance_name) + " must be an integer greater than " + std::to_string(max_exact) +
                         " (the exact buckets) and at most " + format_number(kMaxT5Distance) + ", got " +
                         format_number(max_distance));
  }
  return Status::success();
}

std::int32_t t5_bucket(std::int64_t relative_position, const T5Options& o) {
  std::int32_t bucket = 0;
  int num_buckets = o.num_buckets;
  std::int64_t n = relative_position;
  if (o.bidirectional) {
    num_buckets /= 2;
    if (n > 0) bucket += num_buckets;
    n = n < 0 ? -n : n;
  } else {
    n = n < 0 ? -n : 0;  // only keys before the query count; later keys share bucket 0
  }
  const int max_exact = num_buckets / 2;
  if (n < max_exact) return bucket + static_cast<std::int32_t>(n);
  // float32 throughout, like torch: log(n / max_exact) / log(max_distance / max_exact) * span
  const float ratio = static_cast<float>(n) / static_cast<float>(max_exact);
  const float denom = static_cast<float>(std::log(static_cast<double>(o.max_distance) / max_exact));
  const float scaled = std::log(ratio) / denom * static_cast<float>(num_buckets - max_exact);
  std::int64_t large = max_exact + static_cast<std::int64_t>(scaled);
  large = std::min<std::int64_t>(large, num_buckets - 1);
  return bucket + static_cast<std::int32_t>(large);
}

Result<std::vector<double>> alibi_slopes(double num_heads) {
  if (auto st = check_integer("numHeads", num_heads, 1, kMaxAlibiHeads); !st.ok()) return st;
  const int n = static_cast<int>(num_heads);
  auto power_of_two = [](int count) {
    std::vector<double> s(static_cast<std::size_t>(count));
    const double start = std::exp2(-std::exp2(-(std::log2(static_cast<double>(count)) - 3)));
    for (int h = 0; h < count; ++h) s[static_cast<std::size_t>(h)] = start * std::pow(start, h);
    return s;
  };
  int closest = 1;
  while (closest * 2 <= n) closest *= 2;
  std::vector<double> slopes = power_of_two(closest);
  if (closest != n) {
    const std::vector<double> extra = power_of_two(2 * closest);
    for (int h = 0; static_cast<int>(slopes.size()) < n; h += 2) slopes.push_back(extra[static_cast<std::size_t>(h)]);
  }
  return slopes;
}

Status check_alibi(double num_heads, double len) {
  if (auto st = alibi_slopes(num_heads); !st.ok()) return st.status;
  if (auto st = check_count("length", len, kMaxAlibiLength); !st.ok()) return st;
  return check_result_size("ALiBi bias", num_heads * len * len, 4);
}

void alibi_bias(const std::vector<double>& slopes, int len, bool causal, float* out) {
  const float neg_inf = -std::numeric_limits<float>::infinity();
  for (std::size_t h = 0; h < slopes.size(); ++h) {          // head
    for (int i = 0; i < len; ++i) {                          // query
      float* row = out + (h * static_cast<std::size_t>(len) + static_cast<std::size_t>(i)) * static_cast<std::size_t>(len);
      for (int j = 0; j < len; ++j) {                        // key
        if (j > i && causal) {
          row[j] = neg_inf;
        } else {
          row[j] = static_cast<float>(0.0 - slopes[h] * std::abs(i - j));  // +0 on the diagonal
        }
      }
    }
  }
}

}  // namespace posenc
