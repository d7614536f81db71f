// Measurements for seed passages the chapters teach beyond their first pass (issue 27): the same
// word at two positions (004 §1.1–1.2), the logarithm behind the frequency ladder (001 §6.1.1),
// θ_x and θ_y of axial 2-D RoPE (004 §2.7) and DeBERTa's disentangled attention (002). float64.
#pragma once

#include <array>
#include <vector>

#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// 004 §1.1–1.2: word vectors X (n × d, one row per word; rows a and b the same word), the
// sinusoidal encoding P of positions 0 … n−1 and X + P; a toy self-attention layer (W_q, W_k, W_v
// drawn from `seed`, N(0, 0.5²)) reads X and X + P. Without P the two rows of the same word are the
// same vector and get the same output; with P they differ in both.
struct SameWord {
  MatrixXd encoding;  // P
  MatrixXd sum;       // X + P
  MatrixXd output_plain, output_encoded;  // Y(X), Y(X + P)
  double input_gap_plain = 0, input_gap_encoded = 0;    // max_c |row a − row b| of X, of X + P
  double output_gap_plain = 0, output_gap_encoded = 0;  // the same of Y(X), of Y(X + P)
};
POSENC_FIELDS(SameWord, encoding, sum, output_plain, output_encoded, input_gap_plain, input_gap_encoded, output_gap_plain,
              output_gap_encoded)
Result<SameWord> same_word(const MatrixXd& x, double a, double b, double base, double seed);

// 001 §6.1.1: ω_i = base^(−2i/d) = e^(−(2i/d)·ln base). On a log axis the wavelengths 2π/ω_i are
// evenly spaced: each pair's is e^(2·ln base/d) times the one before, and from the fastest pair to
// the slowest they span (d−2)/d·ln base in natural-log units.
struct LogLadder {
  double ln_base = 0;     // ln base (9.2103… for 10000)
  double step = 0;        // 2·ln base / d: the log-spacing of neighbouring pairs
  double ratio = 0;       // e^step = base^(2/d): the wavelength ratio of neighbouring pairs
  double span = 0;        // ln(λ_last / λ_0) = (d−2)/d · ln base
  double octaves = 0;     // log2(λ_last / λ_0): the span counted in doublings
  std::vector<double> wavelengths;  // 2π/ω_i
};
POSENC_FIELDS(LogLadder, ln_base, step, ratio, span, octaves, wavelengths)
Result<LogLadder> log_ladder(double dim, double base);

// 004 §2.7: axial 2-D RoPE (rope_rotate_2d) gives the first d/2 dimensions to x and the last d/2 to
// y, each half with the frequencies of a d/2-dimensional RoPE: θ_{x,i} = θ_{y,i} = base^(−2i/(d/2)).
// angle_x[i] = Δx·θ_{x,i} and angle_y[i] = Δy·θ_{y,i}: the turns the score reads for an offset.
struct Rope2dFrequencies {
  int dim_x = 0, dim_y = 0;
  std::vector<double> theta_x, theta_y, angle_x, angle_y;
};
POSENC_FIELDS(Rope2dFrequencies, dim_x, dim_y, theta_x, theta_y, angle_x, angle_y)
Result<Rope2dFrequencies> rope2d_frequencies(double dim, double base, double dx, double dy);

// DeBERTa's disentangled attention (He et al. 2021, eq. 4 and §3.1) on a seeded toy: content H
// (n × d) and relative position embeddings P (2k × d), each with its own projections. The score is
//   Ã_ij = Q^c_i·K^c_j + Q^c_i·K^r_δ(i,j) + K^c_j·Q^r_δ(j,i)   (scaled by 1/√(3d)),
// content-to-content, content-to-position and position-to-content; the position-to-position term
// is left out. δ(i,j) = 0 for i−j ≤ −k, 2k−1 for i−j ≥ k, i−j+k between: 2k buckets of distance.
struct DebertaView {
  MatrixXd c2c, c2p, p2c, total;
  MatrixXd buckets;  // δ(i,j)
  double shared_scale = 0;            // max |entry| over the three terms and the total
  std::array<double, 3> rms{};        // of c2c, c2p, p2c
  // Relative to shared_scale: the largest difference between two entries of one row of c2p whose
  // keys share a bucket (rounding: c2p reads the query's content and the bucket only), and the same
  // for two entries of one column of p2c whose queries share a bucket δ(j,i).
  double c2p_bucket_spread = 0, p2c_bucket_spread = 0;
  // The same measured down a column of c2p: not rounding (the keys' content is not in c2p, but the
  // query's is, so one bucket gives different values for different queries).
  double c2p_column_spread = 0;
  double sum_residual = 0;  // max |c2c + c2p + p2c − total|
  int distinct_buckets = 0;   // buckets present in the n × n matrix
  // The most keys one row puts into one bucket: 1 while n ≤ k (no distance is clipped, every key of
  // a row has a bucket of its own, and the spreads above compare nothing). Bucket 2k − 1 holds
  // i − j = k − 1 as well as i − j ≥ k, so from n = k + 1 on it holds two keys of the last row.
  int most_in_one_bucket = 0;
};
POSENC_FIELDS(DebertaView, c2c, c2p, p2c, total, buckets, shared_scale, rms, c2p_bucket_spread, p2c_bucket_spread,
              c2p_column_spread, sum_residual, distinct_buckets, most_in_one_bucket)
Result<DebertaView> deberta_view(double n, double dim, double k, double seed);

}  // namespace posenc
