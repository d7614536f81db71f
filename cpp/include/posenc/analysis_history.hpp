// The "Design history" chapter's measurements (seed 002): each early idea for writing a position,
// and the number that shows its flaw. float64.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "posenc/analysis_sinusoidal.hpp"
#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// Integer labels: two token vectors a, b (rows of `tokens`, 2 × d) with the label pos added to
// every entry. As pos grows the label swamps the content: cos(a + pos, b + pos) → 1.
struct IntegerLabels {
  std::vector<double> similarity;  // cos(a + pos·1, b + pos·1), pos = 0 … length−1
  double similarity_at_0 = 0;
  double similarity_last = 0;
  double largest_label = 0;        // length − 1
  double largest_seen = 0;         // train_length − 1
  std::int64_t unseen = 0;         // labels never seen in training: max(0, length − train_length)
  double typical_entry = 0;        // root mean square of the token entries (their scale)
};
POSENC_FIELDS(IntegerLabels, similarity, similarity_at_0, similarity_last, largest_label, largest_seen, unseen,
              typical_entry)
Result<IntegerLabels> integer_labels(const MatrixXd& tokens, double length, double train_length);

// [0, 1] labels pos/(n−1) for several lengths: the gap between neighbours is 1/(n−1).
struct Ruler {
  std::vector<double> values;
  double gap = 0;
};
POSENC_FIELDS(Ruler, values, gap)
Result<std::vector<Ruler>> normalized_rulers(const std::vector<double>& lengths);

// Binary codes: for every step pos → pos+1 (pos = 0 … 2^bits − 2), how many bits flip and the
// Euclidean distance between the two codes (√flips); at `step`, which bit columns flip (column 0 =
// most significant bit, as binary_encoding).
struct BinarySteps {
  std::vector<double> flips;
  std::vector<double> distance;
  std::vector<double> flipped_columns;
  double step_flips = 0;
  double smallest = 0, largest = 0;  // over all steps
};
POSENC_FIELDS(BinarySteps, flips, distance, flipped_columns, step_flips, smallest, largest)
Result<BinarySteps> binary_steps(double bits, double step);

// The best linear map M_k of best_linear_map, applied: predicted = P·M_kᵀ against target = P_k
// (rows pos = 0 … n−1, columns the features). column_error[c] = max over pos |predicted − target|.
struct ShiftPrediction {
  MatrixXd target, predicted;
  std::vector<double> column_error;
  int worst_column = 0;
  int worst_position = 0;  // the pos where worst_column misses most
  double relative_residual = 0;
  MatrixXd m;              // the fitted M_k (features × features)
  std::optional<MatrixXd> exact;   // sin+cos only: the exact block-diagonal M_k
  std::optional<double> exact_gap;  // sin+cos only: max |fitted − exact|
  // The closest two of the n encodings (rows of P): distinct rows mean the position can be read
  // back even from sines alone; what sines alone lack is a *linear* shift.
  int closest_a = 0, closest_b = 0;
  double closest_distance = 0;
};
POSENC_FIELDS(ShiftPrediction, target, predicted, column_error, worst_column, worst_position, relative_residual, m, exact,
              exact_gap, closest_a, closest_b, closest_distance)
Result<ShiftPrediction> shift_prediction(double k, double dim, double base, double n, Features features);

// The closest two distinct rows of x (brute force): their indices and distance.
struct ClosestRows {
  int a = 0, b = 0;
  double distance = 0;
};
POSENC_FIELDS(ClosestRows, a, b, distance)
Result<ClosestRows> closest_rows(const MatrixXd& x);

// Each (sin, cos) pair as a clock hand. Drawn with PE[2i] = sin across and PE[2i+1] = cos up, the hand
// of pair i starts at 12 o'clock (pos 0: (0, 1)) and turns clockwise by ω_i per position. A shift
// by k turns it by k·ω_i more: PE(pos+k) = M_k·PE(pos) with M_k's block R(−kω_i) (clockwise).
struct PairHands {
  std::vector<double> at, shifted;      // (sin, cos) of each pair at pos and pos + k, interleaved
  std::vector<double> angle_deg;        // pos·ω_i mod 360, clockwise from 12 o'clock
  std::vector<double> shifted_deg;      // (pos + k)·ω_i mod 360
  std::vector<double> turn_deg;         // k·ω_i in degrees (not reduced: fast pairs may turn many times)
  std::vector<double> turns;            // k·ω_i / 2π: whole turns included
  double rotation_error = 0;            // max |M_k·PE(pos) − PE(pos + k)|, M_k exact block-diagonal
};
POSENC_FIELDS(PairHands, at, shifted, angle_deg, shifted_deg, turn_deg, turns, rotation_error)
Result<PairHands> pair_hands(double pos, double k, double dim, double base);

}  // namespace posenc
