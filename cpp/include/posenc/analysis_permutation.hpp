// The "Why position" chapter's measurements: what shuffling the input does to a toy self-attention
// layer, with and without a position encoding. float64, row-vector convention (Q = X·W_q).
//
// Words used exactly (seed 000 §1, 001 §6.1 and 002 say "invariant" for the first of these):
//   equivariant: Y(ΠX) = Π·Y(X)   (the rows of the output move with the rows of the input)
//   invariant:   f(ΠX) = f(X)     (true of read-outs that pool over the tokens, not of Y itself)
#pragma once

#include <vector>

#include "posenc/fields.hpp"
#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

struct ShuffleDemo {
  MatrixXd input;             // X + E            (E = 0 without an encoding)
  MatrixXd input_permuted;    // ΠX + E           (the encoding stays with the slots)
  MatrixXd y;                 // Y(X + E)
  MatrixXd y_permuted;        // Y(ΠX + E)
  MatrixXd permuted_y;        // Π·Y(X + E)
  MatrixXd weights;           // A(X + E), row softmax
  MatrixXd weights_permuted;  // A(ΠX + E); equals Π·A·Πᵀ without an encoding
  double equivariance_gap = 0;  // max |Y(ΠX+E) − Π·Y(X+E)|: ~1e-16 without an encoding
  double invariance_gap = 0;    // max |Y(ΠX+E) − Y(X+E)|: the output matrix itself does change
  double weights_gap = 0;       // max |A(ΠX+E) − Π·A(X+E)·Πᵀ|
  // token_change[t]: max_c |Y(ΠX+E)[r, c] − Y(X+E)[t, c]| where r is the row token t moved to:
  // how much token t's own output vector changed when it moved.
  std::vector<double> token_change;
  // Read-outs that pool over the tokens. pooled: mean over rows of Y; cross: C = softmax(q·Kᵀ/√d_k)·V
  // with K = H·W_k, V = H·W_v read from H = Y (as a decoder reads the encoder's output).
  std::vector<double> pooled, pooled_permuted;
  MatrixXd cross, cross_permuted;
  double pooled_gap = 0;  // max |mean Y(ΠX+E) − mean Y(X+E)|
  double cross_gap = 0;   // max |C(ΠX+E) − C(X+E)|
};
POSENC_FIELDS(ShuffleDemo, input, input_permuted, y, y_permuted, permuted_y, weights, weights_permuted, equivariance_gap,
              invariance_gap, weights_gap, token_change, pooled, pooled_permuted, cross, cross_permuted, pooled_gap,
              cross_gap)

// `perm[r]` is the source row of row r of ΠX. `queries` (t × d_k) read the output for `cross`
// (nullptr or 0 rows: no cross-attention read-out). `encoding` (n × d) or nullptr.
Result<ShuffleDemo> shuffle_demo(const MatrixXd& x, const std::vector<int>& perm, const MatrixXd& wq, const MatrixXd& wk,
                                 const MatrixXd& wv, const MatrixXd* encoding, const MatrixXd* queries);

}  // namespace posenc
