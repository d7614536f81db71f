// AdamW, global-norm gradient clipping and the learning-rate schedule of the lab.
//
// AdamW follows torch.optim.AdamW (decoupled weight decay, bias-corrected moments), step t = 1, 2, …:
//   θ ← θ·(1 − lr·λ)                        (only tensors with decay = true, lab_network.hpp)
//   m ← β1·m + (1 − β1)·g,   v ← β2·v + (1 − β2)·g²
//   θ ← θ − (lr / (1 − β1^t)) · m / (√v / √(1 − β2^t) + ε)
// Clipping (torch.nn.utils.clip_grad_norm_): n = ‖g‖₂ over every parameter, summed in float64 in
// buffer order; if n > c, g ← g·c/(n + 1e-6).
// Schedule, step s = 0 … steps−1: lr·(s+1)/warmup during warm-up, then a cosine from lr down to
// lr·final_lr_fraction at the last step.
#pragma once

#include <cstddef>
#include <vector>

#include "posenc/lab_config.hpp"
#include "posenc/lab_network.hpp"

namespace posenc::lab {

struct AdamWSettings {
  double beta1 = 0.9, beta2 = 0.98, eps = 1e-8, weight_decay = 0.01;
};

template <class T>
struct AdamWState {
  std::vector<T> m, v;
  long step = 0;
};

template <class T>
void adamw_step(const AdamWSettings& s, double lr, const std::vector<TensorSpec>& layout, T* params, const T* grads,
                AdamWState<T>& state);

// Returns the norm before clipping; max_norm ≤ 0 leaves the gradients alone.
template <class T>
double clip_grad_norm(T* grads, std::size_t n, double max_norm);

double learning_rate(const TrainConfig& t, int step);

}  // namespace posenc::lab
