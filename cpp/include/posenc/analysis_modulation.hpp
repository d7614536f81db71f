// The "Additive vs multiplicative" chapter (seed 003): how the distance enters the score when the
// encoding is added to the input (sinusoidal) and when it turns q and k (RoPE). float64.
//
// The toy is one plane: unit content vectors q = (1, 0) for the query and k = (cos φ, sin φ) for the
// key (k is q turned counter-clockwise by φ, so qᵀk = cos φ and qᵀJk = −sin φ), one frequency ω,
// the query at position m and the key at n = m + Δ (Δ = n − m, key minus query, as in 003 §3).
//
//   sinusoidal   (q + p_m)·(k + p_n) = qᵀk + qᵀp_n + p_mᵀk + p_mᵀp_n,   p_pos = (sin posω, cos posω)
//                003 keeps qᵀk + p_mᵀp_n = cos φ + cos ωΔ and drops the two cross terms.
//   RoPE         (R(mω)q)ᵀ(R(nω)k) = qᵀR(ωΔ)k = cos(ωΔ)·qᵀk + sin(ωΔ)·qᵀJk = cos(φ + ωΔ)
//
// So φ moves the sinusoidal curve up or down (by cos φ − 1 from φ = 0) and slides the RoPE curve
// sideways (its peak from Δ = 0 to Δ = −φ/ω); the shape of either never changes.
#pragma once

#include <vector>

#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

struct ModulationCurves {
  std::vector<double> deltas;                 // −span … span
  std::vector<double> additive_kept;          // cos φ + cos ωΔ (003's two kept terms)
  std::vector<double> additive_kept_phi0;     // the same at φ = 0: 1 + cos ωΔ
  std::vector<double> additive_full;          // all four terms, query at position m
  std::vector<double> additive_min, additive_max;  // the full score over query positions 0 … positions−1
  std::vector<double> cross;                  // qᵀp_n + p_mᵀk at query position m (what 003 drops)
  std::vector<double> rope;                   // rotated q, k at m, m + Δ: cos(φ + ωΔ)
  std::vector<double> rope_phi0;              // the same at φ = 0: cos ωΔ
  std::vector<double> rope_min, rope_max;     // RoPE over query positions 0 … positions−1
  double vertical_shift = 0;                  // cos φ − 1: the sinusoidal curve's move from φ = 0
  double horizontal_shift = 0;                // −φ/ω: the RoPE curve's move from φ = 0 (peak position)
  // At the reader's Δ:
  double rope_at = 0, additive_kept_at = 0, additive_full_at = 0, cross_at = 0;
  double additive_m_spread = 0;               // max − min of the full sinusoidal score over m
  double rope_m_spread = 0;                   // the same for RoPE (rounding only)
};
POSENC_FIELDS(ModulationCurves, deltas, additive_kept, additive_kept_phi0, additive_full, additive_min, additive_max,
              cross, rope, rope_phi0, rope_min, rope_max, vertical_shift, horizontal_shift, rope_at, additive_kept_at,
              additive_full_at, cross_at, additive_m_spread, rope_m_spread)
// phi in degrees; omega > 0; delta, m integers; span ≥ 1 (the plotted Δ range); positions ≥ 1.
Result<ModulationCurves> modulation_curves(double phi_degrees, double omega, double delta, double m, double span,
                                           double positions);

// Seed 003 §3.2 checked plane by plane on random q, k (dim entries, seeded): per plane the cos term
// cos(Δθ_i)·qᵀk, the sin term sin(Δθ_i)·qᵀJk, their sum and the dot product after actually rotating
// (q at 0, k at Δ), and the largest difference between the two.
struct ModulationSplit {
  std::vector<double> cos_term, sin_term, sum, direct;
  double max_abs_difference = 0;
  double total = 0;  // Σ over planes: the full qᵀR_Δk
};
POSENC_FIELDS(ModulationSplit, cos_term, sin_term, sum, direct, max_abs_difference, total)
Result<ModulationSplit> modulation_split(double seed, double delta, double dim);

}  // namespace posenc
