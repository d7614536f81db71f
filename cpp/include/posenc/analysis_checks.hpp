// The measurements behind the Errata chapter: each entry of the audit of the seed documents
// (web/src/chapters/errata/) is checked by a function of web/src/components/errata/ that asks the
// core for these numbers and only compares and formats them. float64; row-vector convention as in
// analysis_attention.hpp. (The scans of a seed's text are TypeScript: web/src/components/errata/text-scan.ts.)
#pragma once

#include <vector>

#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// --- comparisons of small matrices and sequences -------------------------------------------------

// max |a − b| (or max |a − bᵀ|), entry by entry; the shapes must match.
Result<double> max_abs_difference(const MatrixXd& a, const MatrixXd& b, bool transpose_b);

// x·xᵀ: every dot product between rows (norms on the diagonal).
MatrixXd gram(const MatrixXd& x);

// ‖row‖₂ of every row.
std::vector<double> row_norms(const MatrixXd& x);

// max − min of every row.
std::vector<double> row_ranges(const MatrixXd& x);

// The two closest rows (Euclidean), over the given columns only (all columns when empty).
struct ClosestPair {
  int i = -1, j = -1;
  double distance = 0;
};
POSENC_FIELDS(ClosestPair, i, j, distance)
Result<ClosestPair> closest_pair(const MatrixXd& x, const std::vector<int>& columns);

// Summary of a sequence: extremes, distinct values, and how often it rises from one entry to the
// next (first_increase: index of the first entry larger than its predecessor, −1 if none).
struct SequenceStats {
  double min = 0, max = 0, max_abs = 0;
  int distinct = 0, increases = 0, first_increase = -1;
};
POSENC_FIELDS(SequenceStats, min, max, max_abs, distinct, increases, first_increase)
Result<SequenceStats> sequence_stats(const std::vector<double>& v);

// --- the sinusoidal encoding ---------------------------------------------------------------------

// Per pair i: ω_i = base^(−2i/d), the divisor 1/ω_i = base^(2i/d), the period 2π/ω_i and the angle
// position·ω_i.
struct FrequencyTable {
  std::vector<double> inv_freq, divisor, period, angle;
};
POSENC_FIELDS(FrequencyTable, inv_freq, divisor, period, angle)
Result<FrequencyTable> frequency_table(double dim, double base, double position);

// ‖p_0 − p_Δ‖ = (Σ_i 4 sin²(Δω_i/2))^{1/2} for each offset Δ (= ‖p_j − p_{j+Δ}‖ for every j).
Result<std::vector<double>> offset_distances(double dim, double base, const std::vector<double>& offsets);

// The offset 1 … max_offset whose encoding comes closest to p_0, and that distance.
struct ClosestOffset {
  double offset = 0, distance = 0;
};
POSENC_FIELDS(ClosestOffset, offset, distance)
Result<ClosestOffset> closest_offset(double dim, double base, double max_offset);

// The position 0 … positions−1 whose encoding comes closest to `point` (a vector of dim entries).
struct Nearest {
  double position = 0, distance = 0;
};
POSENC_FIELDS(Nearest, position, distance)
Result<Nearest> sinusoidal_nearest(double dim, double base, double positions, const std::vector<double>& point);

// Singular values of x (largest first) and how many exceed tolerance × the largest.
struct NumericalRank {
  int rank = 0;
  std::vector<double> singular_values;
};
POSENC_FIELDS(NumericalRank, rank, singular_values)
Result<NumericalRank> numerical_rank(const MatrixXd& x, double tolerance);

// Total signed turn (degrees) of the polyline through the rows of `points` (n × 2) seen from the
// origin, and the distance between its first and last point.
struct Turning {
  double degrees = 0, gap = 0;
};
POSENC_FIELDS(Turning, degrees, gap)
Result<Turning> swept_angle(const MatrixXd& points);

// Best linear M with x[pos + k] ≈ M·x[pos] over all rows (least squares on the rows of any table,
// any column order): ‖X_k − X_0·Mᵀ‖_F / ‖X_k‖_F.
Result<double> linear_shift_residual(const MatrixXd& x, double k);

// base^(−2i/d) against exp(−(2i/d)·ln base) and exp(−(2i/d)·log₁₀ base): the largest relative
// difference over i for each reading of "log".
struct ExpForm {
  double natural = 0, log10 = 0;
};
POSENC_FIELDS(ExpForm, natural, log10)
Result<ExpForm> exp_form_check(double dim, double base);

// --- attention -----------------------------------------------------------------------------------

// Self-attention on X and on ΠX, compared every way the seeds name: equivariance max|Y(ΠX) − ΠY(X)|,
// invariance max|Y(ΠX) − Y(X)|, the weights max|A(ΠX) − A(X)| and max|A(ΠX) − ΠAΠᵀ|, the mean-pooled
// read-out max|mean Y(ΠX) − mean Y(X)|, the sum of all weights (n: every row sums to 1) and the
// width of one token's output (d_v).
struct PermutationReport {
  double equivariance = 0, invariance = 0, weights_change = 0, weights_conjugation = 0, pooled_change = 0;
  double weight_sum = 0;
  int output_cols = 0;
};
POSENC_FIELDS(PermutationReport, equivariance, invariance, weights_change, weights_conjugation, pooled_change, weight_sum,
              output_cols)
Result<PermutationReport> permutation_report(const MatrixXd& x, const std::vector<int>& perm, const MatrixXd& wq,
                                             const MatrixXd& wk, const MatrixXd& wv);

// Causal self-attention on X: the largest weight on a later key (0 with the mask), the smallest
// weight on a later key without the mask, and how much the outputs of rows < change_from move when
// rows ≥ change_from of X (content and encoding alike) are shifted by delta.
struct CausalReport {
  double max_masked_weight = 0, min_unmasked_weight = 0, max_change_before = 0;
};
POSENC_FIELDS(CausalReport, max_masked_weight, min_unmasked_weight, max_change_before)
Result<CausalReport> causal_report(const MatrixXd& x, const MatrixXd& wq, const MatrixXd& wk, const MatrixXd& wv,
                                   double change_from, double delta);

// [X P]·[W; W] against (X + P)·W: concatenation followed by a linear layer with tied blocks is
// addition. Returns the largest difference.
Result<double> concat_versus_add(const MatrixXd& x, const MatrixXd& p, const MatrixXd& w);

// Mean-pooled self-attention outputs of two inputs (rows = tokens), max|mean Y(A) − mean Y(B)|.
Result<double> bag_compare(const MatrixXd& a, const MatrixXd& b, const MatrixXd& wq, const MatrixXd& wk,
                           const MatrixXd& wv);

// The four terms of 001 (6.1.13) against the scores: max|cc + cp + pc + pp − S(X+P)| with S the
// scores self_attention computes on X + P, and max|total − S(X+P)|.
struct FourTermsResidual {
  double sum_vs_scores = 0, total_vs_scores = 0;
};
POSENC_FIELDS(FourTermsResidual, sum_vs_scores, total_vs_scores)
Result<FourTermsResidual> four_terms_residual(const MatrixXd& x, const MatrixXd& p, const MatrixXd& wq,
                                              const MatrixXd& wk);

// --- RoPE ----------------------------------------------------------------------------------------

// ⟨R(m)q, R(n)k⟩, or with a projection applied after the rotation, (R(m)q)ᵀW · (R(n)k)ᵀW
// (row vectors, W: d × d′).
Result<double> rope_score(const VectorXd& q, const VectorXd& k, double m, double n,
                          const std::vector<double>& inv_freq, const MatrixXd* project);

// max |R(m)ᵀR(n) − R(n − m)| over the d × d block-diagonal rotations.
Result<double> rotation_identity(double dim, double base, double m, double n);

// The complex form Re[(q₀ + iq₁)(k₀ + ik₁)* e^{i(m−n)θ}] of one plane.
Result<double> complex_rope_score(const VectorXd& q, const VectorXd& k, double m, double n, double theta);

// --- code in the documents -----------------------------------------------------------------------

// NumPy / PyTorch broadcasting of two shapes: aligned from the last axis, two sizes match when
// they are equal or one of them is 1; a missing axis counts as 1. ok with the result shape, or
// the first clash from the right: axis (negative, −1 the last), and the two sizes there.
struct Broadcast {
  bool ok = false;
  std::vector<double> shape;
  double axis = 0;
  double left = 0, right = 0;
};
POSENC_FIELDS(Broadcast, ok, shape, axis, left, right)
Result<Broadcast> broadcast_shapes(const std::vector<double>& a, const std::vector<double>& b);

// Seed 004's rotary_embedding for one vector x at one position, as its code computes it:
// x1 = x[0::2], x2 = x[1::2], angles position·inv_freq, output cat([x1·cos − x2·sin,
// x1·sin + x2·cos]) (rotated pairs with the first coordinates first, then the second ones);
// beside it the interleaved RoPE of the same x and frequencies, and the largest difference between
// the code's output and that result reordered [first coordinates…, second coordinates…].
struct RopeCodeOutput {
  VectorXd code, interleaved;
  std::vector<int> order;           // code[k] = interleaved[order[k]]
  double max_reordered_difference = 0;
  double max_in_place_difference = 0;  // |code − interleaved|: not 0, the order differs
};
POSENC_FIELDS(RopeCodeOutput, code, interleaved, order, max_reordered_difference, max_in_place_difference)
Result<RopeCodeOutput> rope_code_output(const VectorXd& x, double position, const std::vector<double>& inv_freq);

}  // namespace posenc
