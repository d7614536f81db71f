// RoPE measurements for the page. float64.
#pragma once

#include <string>
#include <vector>

#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/rope.hpp"
#include "posenc/status.hpp"

namespace posenc {

// --- RoPE ---------------------------------------------------------------------------------------

// qᵀR(Δθ)k = cos(Δθ)·qᵀk + sin(Δθ)·qᵀJk per plane (J: 90° counter-clockwise); seed 003.
struct RopeSplit {
  std::vector<double> cos_term, sin_term, direct;  // per plane; direct = qᵀR k computed by rotating
};
POSENC_FIELDS(RopeSplit, cos_term, sin_term, direct)
Result<RopeSplit> rope_split(const VectorXd& q, const VectorXd& k, double delta, const std::vector<double>& inv_freq);

// RoFormer §3.4.3 long-distance decay: (1/(d/2))·Σ_{j=1}^{d/2} |Σ_{i<j} e^{iΔθ_i}| for each Δ.
Result<std::vector<double>> rope_decay_bound(const std::vector<double>& inv_freq, const std::vector<double>& offsets);

// f(x, m) = rope_rotate, every argument checked (the page's ropeRotate): finite x of at least
// 2·inv_freq.size() entries, positive frequencies, a finite position and attention factor.
Result<VectorXd> rope_rotate_checked(const VectorXd& x, double position, const std::vector<double>& inv_freq,
                                     RopeLayout layout, double attention_factor);


// --- the RoPE chapter's figures ------------------------------------------------------------------
// Every number the chapter prints or draws: angles as a reader sees them, the 2-D plane, the
// element-wise form in both layouts, q_mᵀk_n over a grid, seed 004's three-token demo, the decay
// bound and 2-D RoPE. Angles in degrees where the chapter gives degrees (θ per step in 2-D).

// An angle as the page prints it: radians = (degrees + 360·turns)·π/180 with degrees in (−180, 180].
// Reduced in float64 with a two-part 2π, so positions in the millions keep ~1e-9 degrees.
struct ShownAngle {
  double radians = 0;  // the unreduced angle
  double degrees = 0;  // reduced to (−180°, 180°]
  double turns = 0;    // whole turns removed
};
POSENC_FIELDS(ShownAngle, radians, degrees, turns)
ShownAngle show_angle(double radians);

// The 2-D picture: q (scaled by q_scale) at position m, k at n, both turned by θ per step.
struct RopePlane {
  Eigen::Vector2d q, k;          // q_scale·q, k
  Eigen::Vector2d q_rot, k_rot;  // R(mθ)q, R(nθ)k
  ShownAngle turn_q, turn_k;     // mθ, nθ
  ShownAngle dir_q, dir_k;       // directions of q′ and k′ from the +x axis
  ShownAngle between;            // from q′ to k′, counter-clockwise positive: (n − m)θ + (∠k − ∠q)
  double dot = 0;                // q′·k′
  double norm_q = 0, norm_k = 0; // |q|, |k| (rotation keeps them)
  double amplitude = 0;          // |q|·|k|: the largest |q′·k′| any position can give
  double complex_score = 0;      // Re[(q̃·e^{imθ})·conj(k̃·e^{inθ})], q̃ = q₀ + i q₁: the same number as dot
  std::vector<double> gap_scores;     // q′·k′ with q at m₀ and k at m₀ + (n − m), for each m₀ given
  double gap_spread = 0;              // max − min of dot and gap_scores: 0 when only n − m matters
  double gap = 0;                     // n − m
  std::vector<double> gap_n;          // m₀ + (n − m): where k sits in each shifted pair
  std::vector<double> gap_q_rot, gap_k_rot;  // q′ and k′ of each shifted pair, (x, y) after each other
  std::vector<double> gap_between;    // the angle from q′ to k′ in each shifted pair, degrees (reduced)
  std::vector<double> offset_scores;  // qᵀR(Δθ)k for each offset Δ given (the score against n − m)
};
POSENC_FIELDS(RopePlane, q, k, q_rot, k_rot, turn_q, turn_k, dir_q, dir_k, between, dot, norm_q, norm_k, amplitude,
              complex_score, gap_scores, gap_spread, gap, gap_n, gap_q_rot, gap_k_rot, gap_between, offset_scores)
Result<RopePlane> rope_plane(const VectorXd& q, const VectorXd& k, double q_scale, double m, double n, double theta_deg,
                             const std::vector<double>& same_gap_m, const std::vector<double>& offsets);

// One vector turned by one angle (the seed's 90° and 30° examples): the result, and which way it
// turned (z of x × x′: > 0 counter-clockwise).
struct RopeTurn {
  Eigen::Vector2d rotated;
  ShownAngle angle;
  double cross = 0;
};
POSENC_FIELDS(RopeTurn, rotated, angle, cross)
Result<RopeTurn> rope_turn(const VectorXd& x, double angle_deg);

// Pair i at position m: angle m·θ_i, shown reduced, and its cos and sin.
struct RopeAngles {
  std::vector<double> theta, radians, degrees, turns, cos, sin;
};
POSENC_FIELDS(RopeAngles, theta, radians, degrees, turns, cos, sin)
Result<RopeAngles> rope_angles(const std::vector<double>& inv_freq, double position);

// The element-wise form f(x) = x⊙cos + rot(x)⊙sin in one layout, coordinate by coordinate, and the
// permutation that turns one layout into the other: f_half(P·x) = P·f_interleaved(x).
struct RopeLayouts {
  std::vector<int> pair, partner;         // plane of coordinate k, and the coordinate it pairs with
  std::vector<double> rotated, cos, sin;  // rot(x)_k, cos(mθ_pair), sin(mθ_pair)
  VectorXd result;                        // f(x) in the chosen layout
  VectorXd matrix_result;                 // R_{Θ,m}·x in the chosen layout (the same numbers)
  std::vector<int> perm;                  // (P·x)[perm[k]] = x[k]
  VectorXd permuted;                      // P·x
  VectorXd interleaved, half_of_permuted; // f_interleaved(x), f_half(P·x)
  double max_abs_difference = 0;          // max_k |f_half(P·x)[perm[k]] − f_interleaved(x)[k]|
  double max_form_difference = 0;         // max_k |element-wise − matrix form|
};
POSENC_FIELDS(RopeLayouts, pair, partner, rotated, cos, sin, result, matrix_result, perm, permuted, interleaved,
              half_of_permuted, max_abs_difference, max_form_difference)
Result<RopeLayouts> rope_layouts(const VectorXd& x, double position, const std::vector<double>& inv_freq, RopeLayout layout);

// The same q at every position m = 0 … count−1 and the same k at every n: S[m][n] = q_mᵀk_n, and
// how far each diagonal (fixed n − m) is from constant: max over diagonals of (max − min).
struct RopeRelativeScores {
  MatrixXd scores;
  double max_diagonal_deviation = 0;
};
POSENC_FIELDS(RopeRelativeScores, scores, max_diagonal_deviation)
Result<RopeRelativeScores> rope_relative_scores(const VectorXd& q, const VectorXd& k, double count,
                                                const std::vector<double>& inv_freq);

// Two tokens a fixed gap apart, slid along the sequence (q at m, k at m + gap, m = 0 … count−1):
//   additive: (q + p_m)·(k + p_{m+gap}) with the sinusoidal encoding p (base, d = q.size());
//   rotary:   (R_m q)·(R_{m+gap} k) with RoPE's frequencies for the same d and base.
// spread = max − min over m: 0 means "depends on the gap only".
struct RopeShiftScores {
  std::vector<double> additive, rotary;
  double additive_spread = 0, rotary_spread = 0;
};
POSENC_FIELDS(RopeShiftScores, additive, rotary, additive_spread, rotary_spread)
Result<RopeShiftScores> rope_shift_scores(const VectorXd& q, const VectorXd& k, double gap, double count, double base);

// Seed 004's demo code, any number of tokens of even width: Q = F.linear(X, W_q) = X·W_qᵀ (row
// vectors, as PyTorch), K likewise, V = X; token t's planes all turned by angle_deg[t]; scaled
// dot-product attention. `claimed` is 004's Q′ᵢ·K′ⱼ = cos(θᵢ − θⱼ)(Qᵢ·Kⱼ); `dots` the true Q′ᵢ·K′ⱼ
// = cos(θⱼ − θᵢ)QᵢᵀKⱼ + sin(θⱼ − θᵢ)QᵢᵀJKⱼ (per plane), `sin_term` the part 004 leaves out.
struct RopeDemo {
  MatrixXd q, k, q_rot, k_rot, scores, weights, output, dots, claimed, sin_term;
};
POSENC_FIELDS(RopeDemo, q, k, q_rot, k_rot, scores, weights, output, dots, claimed, sin_term)
Result<RopeDemo> rope_demo(const MatrixXd& tokens, const MatrixXd& wq, const MatrixXd& wk,
                           const std::vector<double>& angles_deg);

// RoFormer §3.4.3 with what the seed's "decay" claim leaves out. For each offset Δ:
//   bound:    (1/(d/2))·Σ_j |S_j|, S_j = Σ_{i<j} e^{iΔθ_i} (RoFormer's upper bound, up to max|h_{j+1} − h_j|)
//   relative_bound: bound(Δ)/bound(0)
//   ones:     the score of q = k = (1, …, 1) over its value at Δ = 0: (2/d)·Σ cos(Δθ_i)
//   pair:     qᵀR_{Θ,Δ}k / (|q||k|) for the given q, k (one real pair of vectors)
// rises: how many steps Δ → Δ+1 (consecutive offsets given) the bound goes up; first_rise: the
// first such Δ (−1 if none). The bound falls on the whole but not at every step.
struct RopeDecay {
  std::vector<double> bound, relative_bound, ones, pair;
  int rises = 0, steps = 0;
  double first_rise = -1;
};
POSENC_FIELDS(RopeDecay, bound, relative_bound, ones, pair, rises, steps, first_rise)
Result<RopeDecay> rope_decay(const std::vector<double>& inv_freq, const std::vector<double>& offsets, const VectorXd& q,
                             const VectorXd& k);

// How often a curve goes up: over consecutive entries with increasing offsets, the steps where
// values[t] > values[t−1], and the offset of the first. (rope_decay counts its bound this way; a
// caller that computed the bound in pieces counts the whole of it here.)
struct Rises {
  int rises = 0, steps = 0;
  double first_rise = -1;
};
POSENC_FIELDS(Rises, rises, steps, first_rise)
Result<Rises> count_rises(const std::vector<double>& values, const std::vector<double>& offsets);

// Does a curve (RoFormer's bound, say) decay, and how: the rises of count_rises, and how high it
// comes back up far away. far_peak is the largest values[t]/values[0] over the far half of the
// offsets given (offsets ≥ (first + last)/2), at offset far_peak_at; falls_overall when that peak
// stays at or below `threshold` of the start. verdict: "every" when no step rises, "overall" when
// some steps rise but the far peak stays below the threshold, "none" when far away it comes back
// above it (no decay to see on the whole).
struct DecayTrend {
  int rises = 0, steps = 0;
  double first_rise = -1;
  double far_from = 0;     // first offset of the far half
  double far_peak = 0;     // max of values/values[0] over the far half
  double far_peak_at = 0;  // its offset
  double threshold = 0.5;
  bool falls_overall = false;
  std::string verdict;     // every | overall | none
};
POSENC_FIELDS(DecayTrend, rises, steps, first_rise, far_from, far_peak, far_peak_at, threshold, falls_overall, verdict)
Result<DecayTrend> decay_trend(const std::vector<double>& values, const std::vector<double>& offsets, double threshold);

// Axial 2-D RoPE on a grid × grid image: the centre patch's query against every patch's key, and
// the same with the query and all keys shifted by (shift_x, shift_y).
struct Rope2dScores {
  MatrixXd scores, shifted;
  double max_abs_difference = 0;
};
POSENC_FIELDS(Rope2dScores, scores, shifted, max_abs_difference)
Result<Rope2dScores> rope_2d_scores(const VectorXd& q, const VectorXd& k, double grid, double shift_x, double shift_y,
                                    double base);

}  // namespace posenc
