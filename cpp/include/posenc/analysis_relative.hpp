// The "Relative PE" chapter's measurements (seed 002 "相对位置编码", seed 004 §2.3–2.4). float64.
//
// Offsets are j − i (key minus query), the site's convention and that of T5, Shaw et al. and 004's
// code; 004's formulas write b_{i−j} (query minus key), the opposite sign.
#pragma once

#include <array>
#include <vector>

#include "posenc/analysis_scores.hpp"
#include "posenc/matrix.hpp"
#include "posenc/relative.hpp"
#include "posenc/status.hpp"

namespace posenc {

// The example bias of the chapter: b(Δ) = −0.3·|Δ| + N(0, 0.2²) noise (seeded) for Δ = j − i in
// −(n−1) … n−1, and the n × n matrix B_ij = b(j − i) added to the scores.
struct RelativeBias {
  std::vector<double> offsets, bias;
  MatrixXd matrix;
  double relative_spread = 0;  // 0: B depends on j − i only
};
POSENC_FIELDS(RelativeBias, offsets, bias, matrix, relative_spread)
Result<RelativeBias> relative_bias_example(double n, double seed);

// Why relative encodings: two words `gap` apart slide along the sequence (query at i, key at i + gap).
// With an absolute encoding the position part of their score is P·W_QW_Kᵀ·Pᵀ/√d (sinusoidal P,
// the seed's random projections), and changes as the pair slides; with a relative bias it is b(gap)
// wherever the pair stands.
struct SlidingPair {
  std::vector<double> starts;     // query position i = 0 … n − 1 − gap
  std::vector<double> absolute;   // (P W_Q W_Kᵀ Pᵀ/√d)[i, i + gap]
  std::vector<double> relative;   // b(gap)
  double absolute_spread = 0;     // max − min over the starts
  double relative_spread = 0;
  double absolute_matrix_spread = 0;  // relative diagonal spread of the whole absolute term
};
POSENC_FIELDS(SlidingPair, starts, absolute, relative, absolute_spread, relative_spread, absolute_matrix_spread)
Result<SlidingPair> sliding_pair(double n, double dim, double seed, double gap);

// Shaw et al.'s clipped indices clip(j − i, −k, k) + k for n tokens, and how many rows of the
// table of relative vectors they use, at n and at 4n tokens (clipping caps it at 2k + 1).
struct ShawRows {
  MatrixXd indices;
  int rows_used = 0;
  int rows_used_4n = 0;
  int length_4n = 0;   // 4n
  int table_rows = 0;  // 2k + 1
};
POSENC_FIELDS(ShawRows, indices, rows_used, rows_used_4n, length_4n, table_rows)
Result<ShawRows> shaw_rows(double n, double k);

// T5's buckets for the offsets j − i = −(span−1) … span−1, and the offsets each bucket covers.
struct T5Layout {
  std::vector<double> offsets, buckets;
  std::vector<double> bucket_lo, bucket_hi;  // per bucket 0 … num_buckets−1; NaN when no offset lands there
  int distinct = 0;                          // buckets used by these offsets
  int max_exact = 0;                         // offsets below this (in size) have a bucket each
  int max_distance = 0;
  double pairs = 0;                          // span²: (query, key) pairs of a span-token sequence
};
POSENC_FIELDS(T5Layout, offsets, buckets, bucket_lo, bucket_hi, distinct, max_exact, max_distance, pairs)
Result<T5Layout> t5_layout(double span, double num_buckets, double max_distance, bool bidirectional);

// Transformer-XL's four terms (Dai et al. 2019, eq. 4) on a seeded toy: content E (n × dim),
// R = the fixed sinusoid of the offsets i − j (no learned parameters, §3.3), learned W_q, W_kE, W_kR,
// u, v. What each term depends on is measured: (c) is constant down each column (key only),
// (d) along each diagonal (offset only).
struct XlView {
  MatrixXd a, b, c, d;                     // transformer_xl_terms
  double shared_scale = 0;                 // max |entry| over the four: one colour scale
  std::array<double, 4> diagonal_spread{};  // relative diagonal spread of (a) … (d)
  std::array<double, 4> column_spread{};    // relative spread down the columns
  std::array<double, 4> rms{};
};
POSENC_FIELDS(XlView, a, b, c, d, shared_scale, diagonal_spread, column_spread, rms)
Result<XlView> xl_view(double n, double dim, double seed);

// Seed 004 §2.3's sentence example from its own position table: the offsets of neighbouring words
// (later minus earlier word of sentence 1) in each sentence, the offset of every ordered pair
// (j − i for words i, j) in each, and how many of the ordered pairs keep their offset.
struct SentenceOffsets {
  std::vector<double> neighbours1, neighbours2;
  MatrixXd offsets1, offsets2;
  int same_pairs = 0;   // ordered pairs i ≠ j with the same offset in both sentences
  int pairs = 0;        // w·(w − 1)
};
POSENC_FIELDS(SentenceOffsets, neighbours1, neighbours2, offsets1, offsets2, same_pairs, pairs)
Result<SentenceOffsets> sentence_offsets(const std::vector<double>& positions1, const std::vector<double>& positions2);

}  // namespace posenc
