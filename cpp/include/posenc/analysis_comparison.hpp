// The "Comparison" chapter: the cells of the seeds' comparison tables (000 §4, 004 §3) that can be
// measured without training, for the sinusoidal, learned, T5 and RoPE encodings. float64.
//
// "Depends on j − i only" is the relative diagonal spread (analysis_scores.hpp) of the part of the
// score that position contributes, so it is comparable across encodings whatever their scale:
//   sinusoidal   P·Pᵀ (positions alone) and P·W_QW_Kᵀ·Pᵀ (through the projections)
//   learned      L·Lᵀ and L·W_QW_Kᵀ·Lᵀ, L the n × d rows of a learned table (BERT's initialisation)
//   T5           B_ij = b[bucket(j − i)], one scalar per bucket (seeded); it never meets W_Q, W_K
//   RoPE         (R_i q)ᵀ(R_j k) for one query content q and one key content k placed at every pair of
//                positions; through the projections q = x·W_Q, k = x′·W_K before turning.
#pragma once

#include <array>

#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

struct ComparisonMeasures {
  // Order of every array: sinusoidal, learned, T5, RoPE.
  std::array<MatrixXd, 4> position_scores;  // positions alone, n × n
  std::array<double, 4> spread_alone{};      // relative diagonal spread of position_scores
  std::array<double, 4> spread_projected{};  // the same through the seed's random W_Q, W_K
  std::array<double, 4> parameters{};        // trainable numbers (T5: per head)
  std::array<double, 4> length_change{};     // max over positions of | |v′| − |v| | / |v| for content
                                             // rows v ~ N(0, 1); NaN for T5 (it changes no vector)
  std::array<bool, 4> defined_at_n_max{};    // does the encoding have a value at position n_max?
};
POSENC_FIELDS(ComparisonMeasures, position_scores, spread_alone, spread_projected, parameters, length_change,
              defined_at_n_max)
// n positions, dim (even) dimensions, a learned table of n_max rows (n ≤ n_max is not required: the
// learned rows shown are the first n rows of the seeded table, the same whatever its size).
Result<ComparisonMeasures> comparison_measures(double n, double dim, double n_max, double seed);

}  // namespace posenc
