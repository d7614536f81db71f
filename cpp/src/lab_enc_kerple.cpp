// kerple: the logarithmic kernel bias of KERPLE (Chi et al., NeurIPS 2022, "KERPLE: Kernelized
// Relative Positional Embedding for Length Extrapolation", §3, the log variant; ParallelKerpleLog
// in the authors' code, followed to the letter):
//   s_ij += −r1_h · log(1 + r2_h · (i − j)),     r1_h, r2_h > 0 learned per head
// one pair (r1, r2) per head shared by every block (the code builds one module for all layers), added
// to the scores after their 1/√d_h scale. The code clamps both to at least 0.01 before every forward
// pass; here the forward pass uses max(r, 0.01) (the same bias), and the gradient of a clamped r is 0.
// Initialisation as the code: r1 ~ U(0, 2), r2 ~ U(0, 1).
#include <cmath>

#include "posenc/lab_encoding.hpp"
#include "posenc/limits.hpp"

namespace posenc::lab {

namespace {

constexpr double kKerpleEps = 1e-2;

template <class T>
class KerpleLog : public Scheme<T> {
 public:
  explicit KerpleLog(const ModelConfig&) {}
  void bind(const TensorFinder<T>& params, const TensorFinder<T>& grads) override {
    r1_ = params("kerple.r1");
    r2_ = params("kerple.r2");
    g1_ = grads("kerple.r1");
    g2_ = grads("kerple.r2");
  }
  bool has_bias(int) const override { return true; }
  void bias_row(int, int h, int i, const std::int32_t* pos, const ScoreRow<T>&, T* bias) const override {
    const T r1 = clamped(r1_[h]), r2 = clamped(r2_[h]);
    for (int j = 0; j <= i; ++j) bias[j] = -r1 * std::log1p(r2 * static_cast<T>(pos[i] - pos[j]));  // key
  }
  void bias_row_backward(int, int h, int i, const std::int32_t* pos, const ScoreRow<T>&, T* ds, T*) override {
    const T r1 = clamped(r1_[h]), r2 = clamped(r2_[h]);
    T d1 = 0, d2 = 0;
    for (int j = 0; j <= i; ++j) {  // key
      const T d = static_cast<T>(pos[i] - pos[j]);
      d1 -= ds[j] * std::log1p(r2 * d);
      d2 -= ds[j] * r1 * d / (1 + r2 * d);
    }
    if (r1_[h] > T(kKerpleEps)) g1_[h] += d1;
    if (r2_[h] > T(kKerpleEps)) g2_[h] += d2;
  }

 private:
  static T clamped(T r) { return r > T(kKerpleEps) ? r : T(kKerpleEps); }
  const T *r1_ = nullptr, *r2_ = nullptr;
  T *g1_ = nullptr, *g2_ = nullptr;
};

void kernel_tensors(const ModelConfig& m, const TensorSink& add) {
  add("kerple.r1", {m.n_heads}, false, InitSpec::uniform(0, 2));
  add("kerple.r2", {m.n_heads}, false, InitSpec::uniform(0, 1));
}

}  // namespace

extern const EncodingUnit unit_Kerple = {
    "kerple", "Chi et al. 2022, NeurIPS, KERPLE §3 (log kernel; ParallelKerpleLog)", false, any_length, no_checks,
    kernel_tensors, make_f<KerpleLog>, make_d<KerpleLog>,
};

}  // namespace posenc::lab
