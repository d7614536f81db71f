// The "Attention scores" chapter's toy attention (seed 001 §6.1.3, seed 003 §2), one call per figure.
// float64; row-vector convention as in the seeds: Q = (X + P)·W_Q, S = Q·Kᵀ/√d.
//
// The toy: content X (n × d, N(0, 1)), the sinusoidal table P (positions 0 … n−1, base 10000),
// projections W_Q, W_K, W_V (d × d, N(0, 1/d), "like an untrained model") or the identity, all drawn
// from one seed so every figure of the chapter shows the same model.
//
// "Depends on the offset only" is measured along diagonals: a matrix M depends on j − i alone
// (is Toeplitz) when every diagonal is constant. The spread of a diagonal is (max − min) along it;
// the relative spread divides the largest one by the range of the whole matrix, so 0 means "a
// function of j − i" and values near 1 mean "a diagonal varies as much as the whole matrix" —
// whatever the scale of M (a learned table's tiny Gram matrix and a score matrix compare fairly).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "posenc/analysis_attention.hpp"
#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

struct ScoreToy {
  MatrixXd x, p, wq, wk, wv;
};
// n positions, dim (even) dimensions; identity: W_Q = W_K = W_V = I.
Result<ScoreToy> score_toy(double n, double dim, double seed, bool identity);

// The toy's projections: random, or W_Q = W_K = I (then the position term depends on j − i only).
enum class ToyWeights { Random = 0, Identity = 1 };

struct DiagonalProfile {
  std::vector<double> offsets;   // j − i, from −(rows−1) to cols−1
  std::vector<double> min, max;  // along each diagonal
  double spread = 0;             // largest (max − min) over the diagonals
  double range = 0;              // max − min over the whole matrix
  double relative_spread = 0;    // spread / range (0 when the matrix is constant)
};
POSENC_FIELDS(DiagonalProfile, offsets, min, max, spread, range, relative_spread)
DiagonalProfile diagonal_profile(const MatrixXd& m);

// The same along columns (a term that depends on the key j only is constant down each column).
double relative_column_spread(const MatrixXd& m);

// The four terms of S = (X+P)W_QW_Kᵀ(X+P)ᵀ/√d (seed 001 eq. 6.1.13) and what the page says of them.
struct FourTermsView {
  MatrixXd content_content, content_position, position_content, position_position, total;  // four_terms
  double shared_scale = 0;        // max |entry| over the four terms and the total: one colour scale
  double sum_residual = 0;        // max |cc + cp + pc + pp − total|
  std::array<double, 5> rms{};    // root mean square of cc, cp, pc, pp, total: how big each term is
  double transpose_gap = 0;       // max |pc − cpᵀ| (0 only when W_QW_Kᵀ is symmetric)
  double pp_relative_spread = 0;  // relative diagonal spread of the position–position term
};
POSENC_FIELDS(FourTermsView, content_content, content_position, position_content, position_position, total, shared_scale,
              sum_residual, rms, transpose_gap, pp_relative_spread)
Result<FourTermsView> four_terms_view(double n, double dim, double seed, ToyWeights weights);

// One word repeated n times (every content row is row 0 of X): the scores of query `query` against
// every key, without and with the position encoding, and the four terms of the latter.
struct RepeatedWordRow {
  std::vector<double> without_position;  // x·W·xᵀ/√d for every key: one value n times
  std::vector<double> with_position;     // the total with P
  std::vector<double> content_content, content_position, position_content, position_position;
  double without_spread = 0;             // max − min of the row without P (0: every key alike)
  double with_spread = 0;                // the same with P
  int argmax = 0;                        // key with the highest score with P
  double uniform_weight = 0;             // 1/n: the softmax weight of every key without P
  double top_weight = 0;                 // the largest softmax weight with P
};
POSENC_FIELDS(RepeatedWordRow, without_position, with_position, content_content, content_position, position_content,
              position_position, without_spread, with_spread, argmax, uniform_weight, top_weight)
Result<RepeatedWordRow> repeated_word_row(double n, double dim, double seed, ToyWeights weights, double query);

// The position–position term P·W_QW_Kᵀ·Pᵀ/√d along its diagonals, with W = I and with the seed's
// random projections (seed 003's "distance term" holds only in the first case).
struct PositionDiagonals {
  DiagonalProfile identity, projected;
};
POSENC_FIELDS(PositionDiagonals, identity, projected)
Result<PositionDiagonals> position_diagonals(double n, double dim, double seed);

// Causal self-attention on X + P: masked scores, weights, and whether later tokens can reach
// earlier outputs (seed 001 §6.1.3: visibility is the mask's alone).
struct CausalView {
  MatrixXd scores, weights;
  double future_weight = 0;   // largest weight a query gives to a later key
  double row_sum_error = 0;   // max |Σ_j w_ij − 1|
  double leak = 0;            // max change of the outputs of queries 0 … n/2−1 when the later rows
                              // of the input (content and position) change by +1
};
POSENC_FIELDS(CausalView, scores, weights, future_weight, row_sum_error, leak)
Result<CausalView> causal_view(double n, double dim, double seed, ToyWeights weights, bool causal);

}  // namespace posenc
