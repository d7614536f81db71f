// The measurements the page shows next to each claim of the seeds. float64 throughout.
// Row-vector convention as in the seeds: Q = X·W_q with X (n × d), W_q (d × d_k).
#pragma once

#include <vector>

#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// --- sinusoidal properties -------------------------------------------------------------------

// p_i · p_{i+Δ} = Σ_m cos(Δ·ω_m): depends on Δ only (seed 001 eq. 6.1.9).
std::vector<double> dot_by_offset(int dim, double base, const std::vector<double>& offsets);

// Best linear map with PE(pos + k) ≈ M_k · PE(pos), fitted by least squares over pos = 0 … n−1.
// `features`: sin+cos pairs (the sinusoidal PE; M_k is exact) or sin only (no exact map exists).
enum class Features { SinCos = 0, SinOnly = 1 };
struct LinearMapFit {
  MatrixXd m;              // features × features
  double relative_residual;  // ‖P·M_kᵀ − P_k‖_F / ‖P_k‖_F over the fitted positions
  double max_abs_error;
};
Result<LinearMapFit> best_linear_map(double k, int dim, double base, int n, Features features);

// The exact M_k for sin+cos pairs: block-diagonal [[cos kω, sin kω], [−sin kω, cos kω]] (seed 000 §2.3).
MatrixXd exact_shift_map(double k, int dim, double base);

// Principal components of the rows of `x` (centred). coords: n × components; explained: ratio of
// variance per component.
struct Pca {
  MatrixXd coords;
  std::vector<double> explained;
};
Result<Pca> pca(const MatrixXd& x, int components);

// --- attention -----------------------------------------------------------------------------

struct Attention {
  MatrixXd scores;   // Q·Kᵀ/√d_k (masked entries −∞ when causal)
  MatrixXd weights;  // row softmax
  MatrixXd output;   // weights · V
};
Result<Attention> attention(const MatrixXd& q, const MatrixXd& k, const MatrixXd& v, bool causal);
Result<Attention> self_attention(const MatrixXd& x, const MatrixXd& wq, const MatrixXd& wk, const MatrixXd& wv,
                                 bool causal);

// (X+P)W_q W_kᵀ(X+P)ᵀ/√d_k = content·content + content·position + position·content + position·position.
struct FourTerms {
  MatrixXd cc, cp, pc, pp, total;
};
Result<FourTerms> four_terms(const MatrixXd& x, const MatrixXd& p, const MatrixXd& wq, const MatrixXd& wk);

// Self-attention is permutation equivariant: Y(ΠX) = Π·Y(X). With a position encoding E added to the
// input, Y(ΠX + E) ≠ Π·Y(X + E). `perm[r]` is the source row of row r of ΠX.
struct PermutationCheck {
  MatrixXd y_of_permuted;  // Y(ΠX + E)
  MatrixXd permuted_y;     // Π·Y(X + E)
  double max_abs_difference;
};
Result<PermutationCheck> permutation_check(const MatrixXd& x, const std::vector<int>& perm, const MatrixXd& wq,
                                           const MatrixXd& wk, const MatrixXd& wv, const MatrixXd* encoding);

// Cross-attention read-out C_t = softmax(q_t Kᵀ)V does not change when the source rows are permuted.
struct CrossCheck {
  MatrixXd original, permuted;
  double max_abs_difference;
};
Result<CrossCheck> cross_attention_check(const MatrixXd& queries, const MatrixXd& source, const std::vector<int>& perm,
                                         const MatrixXd& wk, const MatrixXd& wv);

// --- RoPE ---------------------------------------------------------------------------------------

// qᵀR(Δθ)k = cos(Δθ)·qᵀk + sin(Δθ)·qᵀJk per plane (J: 90° counter-clockwise); seed 003.
struct RopeSplit {
  std::vector<double> cos_term, sin_term, direct;  // per plane; direct = qᵀR k computed by rotating
};
Result<RopeSplit> rope_split(const VectorXd& q, const VectorXd& k, double delta, const std::vector<double>& inv_freq);

// RoFormer §3.4.3 long-distance decay: (1/(d/2))·Σ_{j=1}^{d/2} |Σ_{i<j} e^{iΔθ_i}| for each Δ.
std::vector<double> rope_decay_bound(const std::vector<double>& inv_freq, const std::vector<double>& offsets);

// Row permutation check helper shared by the attention checks.
Status check_permutation(const std::vector<int>& perm, int n);

}  // namespace posenc
