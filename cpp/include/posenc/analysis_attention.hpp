// Toy attention for the page. float64; row-vector convention as in the seeds: Q = X·W_q.
#pragma once

#include <vector>

#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// --- attention -----------------------------------------------------------------------------

struct Attention {
  MatrixXd scores;   // Q·Kᵀ/√d_k (masked entries −∞ when causal)
  MatrixXd weights;  // row softmax
  MatrixXd output;   // weights · V
};
POSENC_FIELDS(Attention, scores, weights, output)
Result<Attention> attention(const MatrixXd& q, const MatrixXd& k, const MatrixXd& v, bool causal);
Result<Attention> self_attention(const MatrixXd& x, const MatrixXd& wq, const MatrixXd& wk, const MatrixXd& wv,
                                 bool causal);

// (X+P)W_q W_kᵀ(X+P)ᵀ/√d_k = content·content + content·position + position·content + position·position.
struct FourTerms {
  MatrixXd content_content, content_position, position_content, position_position, total;
};
POSENC_FIELDS(FourTerms, content_content, content_position, position_content, position_position, total)
Result<FourTerms> four_terms(const MatrixXd& x, const MatrixXd& p, const MatrixXd& wq, const MatrixXd& wk);

// Self-attention is permutation equivariant: Y(ΠX) = Π·Y(X). With a position encoding E added to the
// input, Y(ΠX + E) ≠ Π·Y(X + E). `perm[r]` is the source row of row r of ΠX.
struct PermutationCheck {
  MatrixXd y_of_permuted;  // Y(ΠX + E)
  MatrixXd permuted_y;     // Π·Y(X + E)
  double max_abs_difference = 0;
};
POSENC_FIELDS(PermutationCheck, y_of_permuted, permuted_y, max_abs_difference)
Result<PermutationCheck> permutation_check(const MatrixXd& x, const std::vector<int>& perm, const MatrixXd& wq,
                                           const MatrixXd& wk, const MatrixXd& wv, const MatrixXd* encoding);

// Cross-attention read-out C_t = softmax(q_t Kᵀ)V does not change when the source rows are permuted.
struct CrossCheck {
  MatrixXd original, permuted;
  double max_abs_difference = 0;
};
POSENC_FIELDS(CrossCheck, original, permuted, max_abs_difference)
Result<CrossCheck> cross_attention_check(const MatrixXd& queries, const MatrixXd& source, const std::vector<int>& perm,
                                         const MatrixXd& wk, const MatrixXd& wv);

// A·B, for the page's small worked examples (e.g. seed 004's F.linear, which is X·Wᵀ).
Result<MatrixXd> matmul(const MatrixXd& a, const MatrixXd& b);

// Row permutation check helper shared by the attention checks.
Status check_permutation(const std::vector<int>& perm, int n);

}  // namespace posenc
