// Rotary / sinusoidal frequencies and their long-context scalings.
//
//   default:  ω_i = base^(-2i/d),  i = 0 … d/2-1            (θ_i in RoFormer, ω_i in the seeds)
//   linear:   ω_i / factor                                     (Position Interpolation)
//   dynamic:  base' = base·((factor·L/L_max) − (factor − 1))^(d/(d−2)),  L = max(seq_len, L_max)
//   yarn:     per-pair blend of ω_i and ω_i/factor by a ramp between beta_fast and beta_slow
//             rotations over original_max_position_embeddings; attention factor 0.1·ln(factor)+1
//   llama3:   wavelengths > L_orig/low_freq_factor divided by factor, < L_orig/high_freq_factor
//             kept, smooth blend between
//
// Semantics and key names follow Hugging Face `rope_scaling` (transformers/modeling_rope_utils.py),
// so a model's config.json can be pasted in; computed in float64 (HF computes in float32).
#pragma once

#include <string>
#include <vector>

#include "posenc/json.hpp"
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
};

struct Frequencies {
  std::vector<double> inv_freq;   // d/2 values
  double attention_factor = 1.0;  // multiplies cos and sin (yarn); 1 otherwise
};

// The unscaled ω_i; dim must be even (checked by callers through inverse_frequencies).
std::vector<double> default_inv_freq(int dim, double base);

Result<Frequencies> inverse_frequencies(double dim, double base, const RopeScaling& scaling);

// Frequencies given by a caller (from ropeFromConfig, or their own): each finite, and an attention
// factor that is finite and > 0. Every RoPE entry point checks these the same way.
Status check_frequencies(const double* inv_freq, std::size_t n, double attention_factor);

// Reads a rope_scaling object. Unknown keys are an error when `strict` (the npm option object,
// where they are typos), and a warning otherwise (a model's config.json carries keys for other
// tools, e.g. mrope_section).
Result<RopeScaling> parse_scaling(const json::Value& v, bool strict, std::vector<std::string>* warnings);

struct RopeConfig {
  int head_dim = 0;  // from head_dim or hidden_size / num_attention_heads
  int dim = 0;       // rotary dimension: head_dim × partial_rotary_factor
  double base = 10000;
  double max_position_embeddings = 0;
  RopeScaling scaling;
  Frequencies freq;
  std::vector<std::string> warnings;
};

// Reads the rope fields of a model config.json (text). Fields: rope_theta, rope_scaling
// (or rope_parameters), head_dim or hidden_size/num_attention_heads, partial_rotary_factor
// (or rotary_pct), max_position_embeddings.
Result<RopeConfig> rope_from_config(std::string_view json_text);
Result<RopeConfig> rope_from_config(const json::Value& config);

}  // namespace posenc
