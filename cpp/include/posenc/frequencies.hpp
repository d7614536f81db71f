// Rotary / sinusoidal frequencies and their long-context scalings.
//
//   default:  ω_i = base^(-2i/d),  i = 0 … d/2-1            (θ_i in RoFormer, ω_i in the seeds)
//   linear:   ω_i / factor                                     (Position Interpolation)
//   dynamic:  base' = base·((factor·L/L_max) − (factor − 1))^(d/(d−2)),  L = max(seq_len, L_max)
//   yarn:     per-pair blend of ω_i and ω_i/factor by a ramp between beta_fast and beta_slow
//             rotations over original_max_position_embeddings; attention factor 0.1·ln(factor)+1
//   llama3:   wavelengths > L_orig/low_freq_factor divided by factor, < L_orig/high_freq_factor
//             kept, smooth blend between
//   longrope: ω_i / ext_i with ext = short_factor, or long_factor once seq_len > L_orig;
//             attention factor √(1 + ln(factor)/ln(L_orig)) for both lists
//
// Semantics and key names follow Hugging Face `rope_scaling` (transformers/modeling_rope_utils.py,
// v5; tests/hf/NOTES.md), computed in float64 (transformers computes in float32). Reading a
// config.json (which keys, which defaults) happens in TypeScript (web/src/lib/config/); this code
// receives the resolved values.
#pragma once

#include <string>
#include <vector>

#include "posenc/fields.hpp"
#include "posenc/status.hpp"

namespace posenc {

struct RopeScaling {
  std::string rope_type = "default";
  double factor = 1;
  // dynamic
  double max_position_embeddings = 0;
  double seq_len = 0;  // 0: not given (dynamic then uses max_position_embeddings)
  // yarn and llama3
  double original_max_position_embeddings = 0;
  double beta_fast = 32;
  double beta_slow = 1;
  double attention_factor = 0;  // 0: derived from factor (yarn)
  double mscale = 0;
  double mscale_all_dim = 0;
  bool truncate = true;
  double low_freq_factor = 0;
  double high_freq_factor = 0;
  // longrope: one factor per pair each (rot_dim / 2 values); seq_len picks the list
  std::vector<double> short_factor;
  std::vector<double> long_factor;
};
POSENC_FIELDS(RopeScaling, rope_type, factor, max_position_embeddings, seq_len, original_max_position_embeddings, beta_fast,
              beta_slow, attention_factor, mscale, mscale_all_dim, truncate, low_freq_factor, high_freq_factor,
              short_factor, long_factor)

struct Frequencies {
  std::vector<double> inv_freq;   // d/2 values
  double attention_factor = 1.0;  // multiplies cos and sin (yarn); 1 otherwise
};

// The unscaled ω_i; dim must be even (checked by callers through inverse_frequencies).
std::vector<double> default_inv_freq(int dim, double base);

Result<Frequencies> inverse_frequencies(double dim, double base, const RopeScaling& scaling);

// Multi-head latent attention (DeepSeek-V2/V3): with YaRN the softmax scale, not cos/sin, carries
// the length correction: qk_head_dim^(−1/2) · m², m = 0.1·mscale_all_dim·ln(factor) + 1
// (m = 1 when mscale_all_dim is 0 or factor ≤ 1).
Result<double> mla_softmax_scale(double qk_head_dim, double factor, double mscale_all_dim);

// Frequencies given by a caller (from ropeFromConfig, or their own): each finite, and an attention
// factor that is finite and > 0. Every RoPE entry point checks these the same way.
Status check_frequencies(const double* inv_freq, std::size_t n, double attention_factor);

}  // namespace posenc
