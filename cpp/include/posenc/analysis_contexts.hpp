// The "Longer contexts" chapter's measurements: what happens to RoPE past the training length L,
// what each Hugging Face scaling does to the frequencies at a target length L′, the long-range
// scores q₀ᵀk_Δ, and ALiBi's distance penalty. float64.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "posenc/analysis_rope.hpp"
#include "posenc/fields.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// Pairs sorted by what a scaling did to them: slowdown θ_i/θ′_i of 1 (kept), of the factor s
// (divided), or in between (blended). Tolerances as the config panel has always used: 1e-12 and
// 1e-9·s relative.
struct ScalingBands {
  int kept = 0, blended = 0, divided = 0;
  // For frequencies in decreasing order (as RoPE's are): the pair index where the blended band
  // starts and where the divided band starts (= the size when the band is empty).
  int first_blended = 0, first_divided = 0;
};
POSENC_FIELDS(ScalingBands, kept, blended, divided, first_blended, first_divided)
Result<ScalingBands> scaling_bands(const std::vector<double>& plain, const std::vector<double>& scaled, double factor);

// One scaling at the chapter's parameters. `error` is the core's refusal (e.g. Llama 3 with
// high_freq_factor ≤ low_freq_factor), shown instead of a curve; the other fields are then empty.
// What a scaling does, in two plain numbers: unseen_after, how many pairs that made less than one
// turn by L still reach, by L′, an angle past the largest training showed them (L′·θ′_i > L·θ_i);
// fastest_slowdown, θ_0/θ′_0, how many times closer neighbouring positions are on the fastest pair
// (1: as far apart as in training).
struct ContextScaling {
  std::string kind;   // linear, dynamic, yarn, llama3
  std::string error;
  RopeScaling scaling;  // the rope_scaling object used
  std::vector<double> inv_freq, slowdown, wavelength;  // θ′_i, θ_i/θ′_i, 2π/θ′_i
  double attention_factor = 1;
  ScalingBands bands;
  int unseen_after = 0;
  double fastest_slowdown = 1;
};
POSENC_FIELDS(ContextScaling, kind, error, scaling, inv_freq, slowdown, wavelength, attention_factor, bands, unseen_after,
              fastest_slowdown)

// The chapter's frequencies. The factor is s = L′/L when L′ > L, else 1 (nothing to stretch).
//   linear:  {factor: s}
//   dynamic: {factor: 1, max_position_embeddings: L, seq_len: L′} (the NTK-aware base at length L′)
//   yarn:    {factor: s, original_max_position_embeddings: L, beta_fast, beta_slow}
//   llama3:  {factor: s, low_freq_factor, high_freq_factor, original_max_position_embeddings: L}
struct ContextFrequencies {
  double factor = 1;
  bool needs_scaling = false;  // L′ > L
  std::vector<double> inv_freq, wavelength;       // unscaled θ_i, 2π/θ_i
  std::vector<double> seen_turns, target_turns;   // L·θ_i/2π and L′·θ_i/2π: turns made by L and by L′
  int unseen = 0;                                 // pairs with wavelength > L: not one full turn in training
  int first_unseen = 0;                           // the first such pair (= d/2 when there is none)
  ShownAngle slowest_at_train, slowest_at_target; // the slowest pair's angle at L and at L′
  std::vector<ContextScaling> scalings;           // linear, dynamic, yarn, llama3
};
POSENC_FIELDS(ContextFrequencies, factor, needs_scaling, inv_freq, wavelength, seen_turns, target_turns, unseen, first_unseen,
              slowest_at_train, slowest_at_target, scalings)
Result<ContextFrequencies> context_frequencies(double dim, double base, double l_train, double l_target, double beta_fast,
                                               double beta_slow, double low_freq_factor, double high_freq_factor);

// A model's card (the "paste a config.json" panel): each pair's wavelength 2π/θ_i, and for each of
// the model's context lengths (original, extended) how many pairs are slower than it, i.e. never
// complete one turn within that many positions (wavelength > length).
struct ConfigWavelengths {
  std::vector<double> wavelength;  // 2π/θ_i
  std::vector<int> beyond;         // per length: pairs with wavelength > length
  std::vector<double> slowest_turns;  // per length: turns of the slowest pair, length·min θ/2π
};
POSENC_FIELDS(ConfigWavelengths, wavelength, beyond, slowest_turns)
Result<ConfigWavelengths> config_wavelengths(const std::vector<double>& inv_freq, const std::vector<double>& lengths);

// M-RoPE (Qwen2-VL, Qwen2.5-VL, Qwen3-VL) on one frame of grid × grid image patches. Pair i of q and
// k (coordinates i and i + pairs, the half layout of those models) turns by θ_i times the position
// coordinate axes[i] names: 0 time, 1 height, 2 width. The centre patch's query (time 0) against every
// patch's key in the frame dt later. Each map is how far one coordinate's pairs' share of q′·k′
// moves from its value at the query's own patch and frame (row: the key's patch row, column: its
// patch column), and total their sum; at_query holds those three values (unrotated: q·k per section).
struct MropeScores {
  MatrixXd total, time, height, width;
  std::vector<double> at_query = std::vector<double>(3, 0.0);
  // What the picture claims, measured: the time share's spread over all patches, the height share's
  // largest spread within one row, the width share's within one column (each 0 up to rounding).
  double time_spread = 0, height_spread_in_row = 0, width_spread_in_column = 0;
  // And how much each does change: the height share down a column, the width share along a row
  // (largest spread over columns, rows).
  double height_change_down = 0, width_change_across = 0;
};
POSENC_FIELDS(MropeScores, total, time, height, width, at_query, time_spread, height_spread_in_row, width_spread_in_column,
              height_change_down, width_change_across)
Result<MropeScores> mrope_scores(const std::vector<double>& q, const std::vector<double>& k,
                                 const std::vector<double>& inv_freq, const std::vector<double>& axes, double grid,
                                 double dt);

// q = k = (1, …, 1) of dimension 2·pairs, q at position 0, k at Δ: after RoPE with frequencies θ_i
// and attention factor a (cos and sin multiplied by a), q′·k′ = a²·2·Σ_i cos(Δθ_i).
// Values at given offsets (exact, for a readout):
Result<std::vector<double>> long_range_values(const std::vector<double>& inv_freq, double attention_factor,
                                              const std::vector<double>& offsets);
// The same at every integer Δ = 0 … length, as columns of a plot: with n = length + 1, column c
// holds the Δ from start(c) to start(c+1) − 1, start(c) = ⌊c·n/columns⌋ (linear), or for a log
// axis start(0) = 0 and start(c) = ⌊n^(c/columns)⌋ (start(columns) = n); lo and hi are the min and
// max over them (NaN for an empty column). Columns first_column … last_column − 1 only (all the
// rest when last_column is absent), so a caller can spread the work over several frames. Within a column, angles advance by one complex
// multiplication from exact float64 values at its first Δ.
struct Envelope {
  std::vector<double> start, lo, hi;  // start: the first Δ of each column
};
POSENC_FIELDS(Envelope, start, lo, hi)
Result<Envelope> long_range_envelope(const std::vector<double>& inv_freq, double attention_factor, double length,
                                     double columns, double first_column, std::optional<double> last_column,
                                     bool log_spaced = false);
// The first Δ of each of those columns (where a plot draws them).
Result<std::vector<double>> long_range_columns(double length, double columns, bool log_spaced = false);
// size positions p_r = round(r·length/(size − 1)), q = k = (1, …, 1) at each, rotated (float64)
// and multiplied: S[r][c] = q_{p_r}ᵀk_{p_c}.
struct LongRangeMatrix {
  MatrixXd scores;
  std::vector<double> positions;
};
POSENC_FIELDS(LongRangeMatrix, scores, positions)
Result<LongRangeMatrix> long_range_matrix(const std::vector<double>& inv_freq, double attention_factor, double length,
                                          double size);

// ALiBi. The bias of one head: −m_h·(i − j) for key j ≤ query i, −∞ above the diagonal (causal).
Result<MatrixXd> alibi_head_bias(double num_heads, double head, double length);
// −m_h·Δ for every head h (rows) and offset Δ (columns): the penalty against distance.
Result<MatrixXd> alibi_by_offset(double num_heads, const std::vector<double>& offsets);

}  // namespace posenc
