// Measurements of the sinusoidal encoding shown beside the seeds' claims. float64.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// --- sinusoidal properties -------------------------------------------------------------------

// Best linear map with PE(pos + k) ≈ M_k · PE(pos), fitted by least squares over pos = 0 … n−1.
// `features`: sin+cos pairs (the sinusoidal PE; M_k is exact) or sin only (no exact map exists).
enum class Features { SinCos = 0, SinOnly = 1 };
struct LinearMapFit {
  MatrixXd m;                     // features × features
  double relative_residual = 0;   // ‖P·M_kᵀ − P_k‖_F / ‖P_k‖_F over the fitted positions
  double max_abs_error = 0;
  std::optional<MatrixXd> exact;  // sin+cos only: the exact M_k (exact_shift_map)
};
POSENC_FIELDS(LinearMapFit, m, relative_residual, max_abs_error, exact)
Result<LinearMapFit> best_linear_map(double k, double dim, double base, double n, Features features);

// The exact M_k for sin+cos pairs: block-diagonal [[cos kω, sin kω], [−sin kω, cos kω]] (seed 000 §2.3).
MatrixXd exact_shift_map(double k, int dim, double base);

// Principal components of the rows of `x` (centred). coords: n × components; explained: ratio of
// variance per component.
struct Pca {
  MatrixXd coords;
  std::vector<double> explained;
};
POSENC_FIELDS(Pca, coords, explained)
Result<Pca> pca(const MatrixXd& x, double components);


// --- what the sinusoidal chapter shows (wavelengths, distances, the dot product's shape) ----------

// 2π/ω_i for i = 0 … dim/2 − 1: from 2π (pair 0) to 2π·base^((dim−2)/dim) (the last pair).
Result<std::vector<double>> wavelengths(double dim, double base);

// The longest period 2π/ω_{d/2−1} at (dim, base); whether it exceeds `length`; the same at d = 512;
// the smallest even d whose longest period exceeds `length` (−1 when none does up to kMaxDim:
// the longest period never reaches 2π·base).
struct PeriodCheck {
  double longest = 0;
  bool exceeds = false;
  double longest_512 = 0;
  int min_dim = -1;
};
POSENC_FIELDS(PeriodCheck, longest, exceeds, longest_512, min_dim)
Result<PeriodCheck> period_check(double dim, double base, double length);

// What the heatmap of PE[0 … positions−1, ·] shows of each pair i: quarter[i] = λ_i/4, the
// position where its hand completes its first quarter turn (sin reaches 1); turns[i] =
// positions/λ_i, how many turns it makes over the rows. still = the pairs whose quarter turn lies
// past the last row (their sin column stays below 1, their cos column above 0 — pale sin,
// red cos), first_still the first of them (−1 if none).
struct HeatmapTurns {
  std::vector<double> quarter, turns;
  int still = 0;
  int first_still = -1;
};
POSENC_FIELDS(HeatmapTurns, quarter, turns, still, first_still)
Result<HeatmapTurns> heatmap_turns(double dim, double base, double positions);

// What a learned table's rows came to look like (the Learned PE chapter): from the lab's
// tableProfile byDistance (mean cosine similarity of rows k apart, k = 0 … rows−1) at the random
// start and after training. near = trained[1]; near_start = start[1]; far = mean of trained[k] for
// k ≥ far_from = max(2, ⌊rows/4⌋); mean = mean of trained[k], k ≥ 1. verdict: "all" when mean >
// 0.8 (every row alike), "neighbours" when near − near_start > 0.3 and near − far > 0.3 (rows next
// to each other became alike, and more alike than far ones), "none" otherwise.
struct LearnedStructure {
  double near = 0, near_start = 0, far = 0, mean = 0;
  int far_from = 0;
  std::string verdict;
};
POSENC_FIELDS(LearnedStructure, near, near_start, far, mean, far_from, verdict)
Result<LearnedStructure> learned_structure(const std::vector<double>& start, const std::vector<double>& trained);

// Σ_i cos(Δ·ω_i) and ‖p_0 − p_Δ‖ = √(Σ_i 4 sin²(Δ·ω_i/2)) for explicit frequencies ω_i (a subset of
// the pairs: one fast hand, one slow hand, all of them; or a document's own frequencies). With all the
// frequencies of (dim, base), the first is p_i · p_{i+Δ}: it depends on Δ only (seed 001 eq. 6.1.9).
Result<std::vector<double>> dot_by_frequencies(const std::vector<double>& inv_freq, const std::vector<double>& offsets);
Result<std::vector<double>> distance_by_frequencies(const std::vector<double>& inv_freq, const std::vector<double>& offsets);

// The dot product p_s · p_{s+Δ} for Δ = 0 … max_offset: from the formula Σ cos(Δω_m), and measured on
// the float64 table for each start s. Also the norms ‖p_pos‖ over the positions used, how far any
// (sin, cos) pair is from norm 1, and whether the curve ever rises (it is not monotonic).
struct DotProfile {
  std::vector<double> formula;             // max_offset + 1 values
  std::vector<std::vector<double>> measured;  // per start
  double measured_error = 0;               // max |measured − formula|
  double norm_min = 0, norm_max = 0, norm_expected = 0;  // ‖p‖ over positions 0 … max start + max_offset; √(d/2)
  double pair_norm_error = 0;              // max |‖(sin, cos)‖ − 1| over every pair and position
  int rises = 0;                           // offsets Δ < max_offset with formula[Δ+1] > formula[Δ]
  int first_rise = -1;                     // the first such Δ (−1 if none)
};
POSENC_FIELDS(DotProfile, formula, measured, measured_error, norm_min, norm_max, norm_expected, pair_norm_error, rises,
              first_rise)
Result<DotProfile> dot_profile(double dim, double base, double max_offset, const std::vector<double>& starts);

// The two closest distinct positions among 0 … count−1 and their distance. The distance depends on
// the offset only (‖p_a − p_b‖² = d − 2·p_a·p_b), so every offset 1 … count−1 is scanned; the pair
// returned is (0, Δ) for the first offset Δ that attains the minimum.
struct ClosestPositions {
  int a = 0, b = 0;
  double distance = 0;
};
POSENC_FIELDS(ClosestPositions, a, b, distance)
Result<ClosestPositions> closest_positions(double dim, double base, double count);

// The shape PCA draws: the first two principal components of x's rows, their share of the variance,
// and how far the curve p_0 → p_{n−1} turns around its centre in that plane (degrees, signed):
// a closed circle turns 360°, an open horseshoe less, a spiral more.
//   turns     = |swept_deg|/360
//   end_gap   = |p_{n−1} − p_0| / r, r the root mean square distance of the points from their centre
//   mean_step = mean |p_{t+1} − p_t| / r (small: neighbours sit side by side; large: the curve jumps)
//   radius_ratio = mean distance from the centre over the last quarter / over the first quarter
//   shape     = "arch" when turns < 0.9 (an open curve), "loop" when 0.9 ≤ turns < 1.5 (it goes
//               round once and closes), "coil" when turns ≥ 1.5 (round several times)
struct PcaShape {
  MatrixXd coords;
  std::vector<double> explained;
  double swept_deg = 0;
  double turns = 0;
  double end_gap = 0;
  double mean_step = 0;
  double radius_ratio = 0;
  std::string shape;
};
POSENC_FIELDS(PcaShape, coords, explained, swept_deg, turns, end_gap, mean_step, radius_ratio, shape)
Result<PcaShape> pca_shape(const MatrixXd& x);

}  // namespace posenc
