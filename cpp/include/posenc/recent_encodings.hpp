// The encodings since 2023 that are functions of positions alone, as the npm package offers them
// (docs/API.md, "Encodings since 2023"); the training lab's units (cpp/src/lab_enc_*.cpp) follow the
// same formulas and are tested against them. Float64, like the rest of the package's tables.
//
//   xPos     ζ_i = (2i/d + γ)/(1 + γ),  a query at p scaled by ζ_i^(p/B) (a key by ζ_i^(−p/B))
//            (Sun et al. 2022, "A Length-Extrapolatable Transformer", §3; γ = 0.4, B = 512 there)
//   p-RoPE   θ_k = base^(−2k/d) for the fastest ⌊p·d/2⌋ planes, 0 for the rest
//            (Barbero et al. 2025, "Round and Round We Go!", apply_p_rope)
//   Kerple   b_h(i, j) = −r1_h·log(1 + r2_h·(i − j))       (Chi et al. 2022, KERPLE §3, log variant)
//   FIRE     x_ij = ψ(i − j)/(ψ(max(i, L)) + 1e-6), ψ(x) = log(|c·x| + 1): the input of its MLP
//            (Li et al. 2024, FIRE §3.2–3.3)
//   Llama 4  no_rope_layers[l] = (l + 1) % interval != 0 (1: RoPE, 0: NoPE), and the temperature
//            log(1 + ⌊(p + 1)/floor_scale⌋)·attn_scale + 1 of a NoPE block's queries
//            (transformers' modeling_llama4.py and its configuration)
#pragma once

#include <vector>

#include "posenc/matrix.hpp"
#include "posenc/positions.hpp"
#include "posenc/status.hpp"

namespace posenc {

// [positions, dim/2]: ζ_i^(p/scale_base) for each position p (a query's factor; a key's is 1/that).
Result<MatrixXd> xpos_scale(double dim, const Positions& positions, double scale_base, double gamma);
// dim/2 inverse frequencies: RoPE's for the fastest ⌊p·dim/2⌋ planes, 0 for the others.
Result<std::vector<double>> p_rope_frequencies(double dim, double base, double p);
// Kerple's log bias, [heads, len, len] row-major: −r1_h·log(1 + r2_h·|i − j|), 0 above the diagonal
// when causal. r1, r2: one positive value per head.
Status check_kerple(const std::vector<double>& r1, const std::vector<double>& r2, double len);
void kerple_bias(const std::vector<double>& r1, const std::vector<double>& r2, int len, bool causal, float* out);
// FIRE's normalized distance x_ij for query i and key j ≤ i, [length, length] (0 above the diagonal).
Result<MatrixXd> fire_distance(double length, double c, double threshold);
// Llama 4: 1 where block l uses RoPE, 0 where it has no positional encoding.
Result<std::vector<int>> no_rope_layers(double num_layers, double interval);
// Llama 4's attention temperature at each position (1 below floor_scale − 1).
Result<std::vector<double>> llama4_attention_scale(const std::vector<double>& positions, double floor_scale,
                                                   double attn_scale);

}  // namespace posenc
