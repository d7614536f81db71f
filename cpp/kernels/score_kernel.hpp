// Score matrix out[m·n_keys + n] = scale · q_m · k_n for q [n_queries, dim], k [n_keys, dim]:
// the q_mᵀk_n heatmaps (RoPE applied to q and k first by the caller).
#pragma once

namespace posenc::kernels {

void scores_generic(const float* q, const float* k, int n_queries, int n_keys, int dim, float scale, float* out);
void scores_simd(const float* q, const float* k, int n_queries, int n_keys, int dim, float scale, float* out);

}  // namespace posenc::kernels
