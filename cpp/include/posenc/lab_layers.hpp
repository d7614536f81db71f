// The lab network's layers, forward and backward, templated on the scalar type: float for
// training, double for the finite-difference checks, which therefore test this very code
// (instantiated for both in cpp/src/lab_layers.cpp and lab_attention.cpp).
//
// Row-major activations: one row per token. Backward functions take ∂L/∂y and return ∂L/∂x;
// parameter gradients are always added to (the caller zeroes them once per step), input gradients
// are written, or added when `accumulate_dx` (the residual stream's gradient is a sum).
#pragma once

#include <cstdint>

namespace posenc::lab {

// Layer normalisation over `dim` columns, biased variance (PyTorch nn.LayerNorm):
//   μ = mean(x), σ² = mean((x − μ)²), x̂ = (x − μ)·rstd with rstd = 1/√(σ² + eps), y = x̂·g + b.
// Backward: dx = rstd·(dx̂ − mean(dx̂) − x̂·mean(dx̂·x̂)) with dx̂ = dy·g; dg += Σ dy·x̂; db += Σ dy.
template <class T>
void layernorm_forward(int rows, int dim, T eps, const T* x, const T* g, const T* b, T* y, T* mean, T* rstd);
template <class T>
void layernorm_backward(int rows, int dim, const T* x, const T* g, const T* mean, const T* rstd, const T* dy, T* dx,
                        T* dg, T* db, bool accumulate_dx);

// y = x·W + b: x rows × in, W in × out (the layout of GPT-2's Conv1D), b out.
// Backward: dx = dy·Wᵀ, dW += xᵀ·dy, db += Σ_rows dy.
template <class T>
void linear_forward(int rows, int in, int out, const T* x, const T* w, const T* b, T* y, bool accumulate_y = false);
template <class T>
void linear_backward(int rows, int in, int out, const T* x, const T* w, const T* dy, T* dx, T* dw, T* db,
                     bool accumulate_dx = false);

// ReLU: y = max(x, 0); dx = dy where x > 0, else 0 (the subgradient 0 at x = 0).
template <class T>
void relu_forward(long n, const T* x, T* y);
template <class T>
void relu_backward(long n, const T* x, const T* dy, T* dx);

// Mean cross-entropy over the scored rows (targets[r] ≥ 0) of logits (rows × vocab):
//   L = (1/S)·Σ_r −log softmax(logits_r)[target_r], S = number of scored rows;
//   dlogits_r = (softmax(logits_r) − onehot(target_r))/S, 0 for unscored rows.
// Returns L (0 when nothing is scored); the log-sum-exp runs in T, the total in double.
template <class T>
double cross_entropy(int rows, int vocab, const T* logits, const std::int32_t* targets, T* dlogits);

// Embedding rows: out[t] = table[index[t]] (+ out[t] when accumulate); backward adds rows of dout
// to the rows of dtable they came from, in token order.
template <class T>
void embedding_forward(int rows, int dim, const std::int32_t* index, const T* table, T* out, bool accumulate);
template <class T>
void embedding_backward(int rows, int dim, const std::int32_t* index, const T* dout, T* dtable);

}  // namespace posenc::lab
