#include "posenc/lab_optim.hpp"

#include <algorithm>
#include <cmath>

namespace posenc::lab {

template <class T>
void adamw_step(const AdamWSettings& s, double lr, const std::vector<TensorSpec>& layout, T* params, const T* grads,
                AdamWState<T>& st) {
  const std::size_t n = parameter_count(layout);
  if (st.m.size() != n) {
    st.m.assign(n, T(0));
    st.v.assign(n, T(0));
    st.step = 0;
  }
  ++st.step;
  const double bc1 = 1 - std::pow(s.beta1, static_cast<double>(st.step));
  const double bc2 = 1 - std::pow(s.beta2, static_cast<double>(st.step));
  const T step_size = static_cast<T>(lr / bc1);
  const T inv_sqrt_bc2 = static_cast<T>(1 / std::sqrt(bc2));
  const T b1 = static_cast<T>(s.beta1), b2 = static_cast<T>(s.beta2);
  const T a1 = static_cast<T>(1 - s.beta1), a2 = static_cast<T>(1 - s.beta2);
  const T eps = static_cast<T>(s.eps);
  const T shrink = static_cast<T>(1 - lr * s.weight_decay);
  for (const auto& t : layout) {  // tensor
    T* p = params + t.offset;
    const T* g = grads + t.offset;
    T* m = st.m.data() + t.offset;
    T* v = st.v.data() + t.offset;
    for (std::size_t i = 0; i < t.size; ++i) {  // element
      if (t.decay) p[i] *= shrink;
      m[i] = b1 * m[i] + a1 * g[i];
      v[i] = b2 * v[i] + a2 * g[i] * g[i];
      p[i] -= step_size * m[i] / (std::sqrt(v[i]) * inv_sqrt_bc2 + eps);
    }
  }
}

template <class T>
double clip_grad_norm(T* g, std::size_t n, double max_norm) {
  double ss = 0;
  for (std::size_t i = 0; i < n; ++i) ss += static_cast<double>(g[i]) * static_cast<double>(g[i]);
  const double norm = std::sqrt(ss);
  if (max_norm > 0 && norm > max_norm) {
    const T c = static_cast<T>(max_norm / (norm + 1e-6));
    for (std::size_t i = 0; i < n; ++i) g[i] *= c;
  }
  return norm;
}

double learning_rate(const TrainConfig& t, int step) {
  if (step < t.warmup_steps) return t.lr * (step + 1) / t.warmup_steps;
  const int span = t.steps - t.warmup_steps;
  if (span <= 1) return t.lr;
  const double progress = static_cast<double>(step - t.warmup_steps) / (span - 1);
  const double lo = t.lr * t.final_lr_fraction;
  return lo + (t.lr - lo) * 0.5 * (1 + std::cos(3.14159265358979323846 * std::min(1.0, progress)));
}

template void adamw_step<float>(const AdamWSettings&, double, const std::vector<TensorSpec>&, float*, const float*,
                                AdamWState<float>&);
template void adamw_step<double>(const AdamWSettings&, double, const std::vector<TensorSpec>&, double*, const double*,
                                 AdamWState<double>&);
template double clip_grad_norm<float>(float*, std::size_t, double);
template double clip_grad_norm<double>(double*, std::size_t, double);

}  // namespace posenc::lab
