// Relative position encodings: they change the attention score of (query i, key j) by a function
// of the offset, instead of adding a vector to the input.
//
//   bias          S_ij += b_{i−j}                                       (seed 004 §2.4 (1))
//   Shaw et al.   S_ij = x_i W_q (x_j W_k + a_{clip(j−i, −k, k)})ᵀ / √d_k  (2018, "R_{i−j}" in 004)
//   Transformer-XL four terms with u, v and sinusoidal R_{i−j}           (Dai et al. 2019, eq. 4)
//   T5            a learned scalar per bucket of j−i, log-spaced beyond num_buckets/2
//   ALiBi         S_ij −= m_h·(i−j) for j ≤ i, slopes m_h geometric per head
#pragma once

#include <cstdint>
#include <vector>

#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// len × len matrix B with B(i, j) = bias[(i − j) + (len − 1)]; bias has 2·len − 1 entries.
Result<MatrixXd> relative_bias_matrix(double length, const std::vector<double>& bias);

// len × len indices clip(j − i, −k, k) + k into a table of 2k+1 relative embeddings.
Result<Eigen::MatrixXi> shaw_relative_indices(int len, int k);
// The same indices as float64 (what the page shows), every argument checked.
Result<MatrixXd> shaw_indices(double length, double k);

// Shaw scores: X (n×d), W_q, W_k (d×d_k), A (2k+1 × d_k) relative key embeddings.
Result<MatrixXd> shaw_scores(const MatrixXd& x, const MatrixXd& wq, const MatrixXd& wk, const MatrixXd& a, double k);

// Transformer-XL: E (n×d) content, R (2n−1 × d) sinusoidal embeddings of offsets i−j ∈ [−(n−1), n−1]
// (row (i−j)+(n−1)), W_q, W_kE, W_kR (d×d_k), u, v (d_k). Terms (a) content, (b) content-position,
// (c) global content bias, (d) global position bias; each n×n.
struct XlTerms {
  MatrixXd a, b, c, d;
};
POSENC_FIELDS(XlTerms, a, b, c, d)
Result<XlTerms> transformer_xl_terms(const MatrixXd& e, const MatrixXd& r, const MatrixXd& wq,
                                     const MatrixXd& wk_e, const MatrixXd& wk_r, const VectorXd& u,
                                     const VectorXd& v);

// T5's _relative_position_bucket for relative_position = key − query. The logarithmic part is
// computed in float32, as the reference does, so bucket edges land where T5's land.
struct T5Options {
  bool bidirectional = true;
  int num_buckets = 32;
  int max_distance = 128;
};
// The messages name the two options as the caller calls them (the lab: t5_num_buckets, t5_max_distance).
Status check_t5_options(double num_buckets, double max_distance, bool bidirectional, const char* buckets_name = "numBuckets",
                        const char* distance_name = "maxDistance");
std::int32_t t5_bucket(std::int64_t relative_position, const T5Options& o);

// ALiBi (Press et al.): slopes 2^(−8h/n) for a power-of-two n; otherwise those of the closest
// lower power of two followed by every other slope of twice that count (the paper's code).
Result<std::vector<double>> alibi_slopes(double num_heads);
// [heads, len, len] bias −m_h·(i−j) for key j ≤ query i; j > i is −∞ when causal, else −m_h·|i−j|.
Status check_alibi(double num_heads, double len);
void alibi_bias(const std::vector<double>& slopes, int len, bool causal, float* out);

}  // namespace posenc
