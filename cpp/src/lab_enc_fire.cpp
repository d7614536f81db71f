// fire: Functional Interpolation for Relative Positions (Li et al., ICLR 2024, "Functional Interpolation
// for Relative Positions Improves Long Context Transformers", §3.2–3.3 and the appendix's FIRE module,
// followed to the letter):
//   s_ij += f_θ( ψ(i − j) / (ψ(max(i, L)) + ε) )_h,    ψ(x) = log(|c·x| + 1),    L = |L_mult · L0|
// f_θ: R → R^H an MLP with one hidden layer of W = fire_mlp_width ReLU units (32 in the paper),
// c learned (starts 0.1), L_mult learned (starts 1), L0 = fire_threshold fixed (the code's init_L =
// 512; 0 here means L_train/4), ε = 1e-6. i and j are the positions of query and key. Each block has
// its own f_θ, c and L_mult; the bias is added to the scores after their 1/√d_h scale. The MLP starts
// as PyTorch's nn.Linear does: weights and biases U(−1/√fan_in, 1/√fan_in).
#include <cmath>
#include <string>

#include "posenc/lab_encoding.hpp"
#include "posenc/limits.hpp"

namespace posenc::lab {

namespace {

constexpr double kFireEps = 1e-6;
constexpr double kFireInitC = 0.1;

template <class T>
class Fire : public Scheme<T> {
 public:
  explicit Fire(const ModelConfig& m)
      : width_(m.fire_mlp_width), heads_(m.n_heads), l0_(static_cast<T>(m.fire_threshold)),
        p_(static_cast<std::size_t>(m.n_layers)), g_(static_cast<std::size_t>(m.n_layers)) {}
  void bind(const TensorFinder<T>& params, const TensorFinder<T>& grads) override {
    for (std::size_t l = 0; l < p_.size(); ++l) {
      p_[l] = find(params, static_cast<int>(l));
      g_[l] = find(grads, static_cast<int>(l));
    }
  }
  bool has_bias(int) const override { return true; }
  void bias_row(int layer, int h, int i, const std::int32_t* pos, const ScoreRow<T>&, T* bias) const override {
    const Mlp& f = p_[static_cast<std::size_t>(layer)];
    const Row r = row(f, pos[i]);
    for (int j = 0; j <= i; ++j) {  // key
      const T x = psi(*f.c, static_cast<T>(pos[i] - pos[j])) / r.norm;
      T out = f.b2[h];
      for (int w = 0; w < width_; ++w) {  // hidden unit
        const T a = x * f.w1[w] + f.b1[w];
        if (a > 0) out += a * f.w2[static_cast<long>(w) * heads_ + h];
      }
      bias[j] = out;
    }
  }
  void bias_row_backward(int layer, int h, int i, const std::int32_t* pos, const ScoreRow<T>&, T* ds, T*) override {
    const Mlp& f = p_[static_cast<std::size_t>(layer)];
    const Mlp& g = g_[static_cast<std::size_t>(layer)];
    const Row r = row(f, pos[i]);
    const T c = *f.c, ac = std::fabs(c), sc = c > 0 ? T(1) : c < 0 ? T(-1) : T(0);
    T dc = 0, dnorm = 0;
    for (int j = 0; j <= i; ++j) {  // key
      const T d = static_cast<T>(pos[i] - pos[j]);
      const T num = psi(c, d), x = num / r.norm;
      T dx = 0;
      g.b2[h] += ds[j];
      for (int w = 0; w < width_; ++w) {  // hidden unit
        const T a = x * f.w1[w] + f.b1[w];
        if (a <= 0) continue;
        g.w2[static_cast<long>(w) * heads_ + h] += ds[j] * a;
        const T da = ds[j] * f.w2[static_cast<long>(w) * heads_ + h];
        g.w1[w] += da * x;
        g.b1[w] += da;
        dx += da * f.w1[w];
      }
      // x = num/norm: num = log(|c·d| + 1), norm = log(|c·m| + 1) + ε, m = max(i, L)
      dc += dx / r.norm * sc * d / (ac * d + 1);
      dnorm -= dx * num / (r.norm * r.norm);
    }
    dc += dnorm * sc * r.m / (ac * r.m + 1);
    *g.c += dc;
    if (r.thresholded) {  // m = L = |L_mult·L0|: dm/dL_mult = sign(L_mult)·L0
      const T dm = dnorm * ac / (ac * r.m + 1);
      *g.l_mult += dm * (*f.l_mult > 0 ? l0_ : -l0_);
    }
  }

 private:
  struct Mlp {  // one block's tensors (or their gradients)
    T *w1 = nullptr, *b1 = nullptr, *w2 = nullptr, *b2 = nullptr, *c = nullptr, *l_mult = nullptr;
  };
  struct Row {
    T m, norm;         // max(i, L) and ψ(m) + ε
    bool thresholded;  // L > i: the normalizer is the threshold's
  };
  static T psi(T c, T x) { return std::log(std::fabs(c * x) + 1); }
  Row row(const Mlp& f, int pos_i) const {
    const T L = std::fabs(*f.l_mult * l0_), i = static_cast<T>(pos_i);
    const T m = L > i ? L : i;
    return {m, psi(*f.c, m) + T(kFireEps), L > i};
  }
  static Mlp find(const TensorFinder<T>& t, int l) {
    const std::string p = "fire." + std::to_string(l) + ".";
    return {t(p + "mlp.fc.weight"), t(p + "mlp.fc.bias"), t(p + "mlp.proj.weight"), t(p + "mlp.proj.bias"), t(p + "c"),
            t(p + "l_multiplier")};
  }

  int width_, heads_;
  T l0_;
  std::vector<Mlp> p_, g_;
};

void fire_tensors(const ModelConfig& m, const TensorSink& add) {
  const double in = 1, hidden = 1 / std::sqrt(static_cast<double>(m.fire_mlp_width));  // 1/√fan_in
  for (int l = 0; l < m.n_layers; ++l) {
    const std::string p = "fire." + std::to_string(l) + ".";
    add(p + "mlp.fc.weight", {1, m.fire_mlp_width}, false, InitSpec::uniform(-in, in));
    add(p + "mlp.fc.bias", {m.fire_mlp_width}, false, InitSpec::uniform(-in, in));
    add(p + "mlp.proj.weight", {m.fire_mlp_width, m.n_heads}, false, InitSpec::uniform(-hidden, hidden));
    add(p + "mlp.proj.bias", {m.n_heads}, false, InitSpec::uniform(-hidden, hidden));
    add(p + "c", {1}, false, InitSpec::constant(kFireInitC));
    add(p + "l_multiplier", {1}, false, InitSpec::constant(1));
  }
}

Status fire_config(const ModelConfig& m) {
  if (auto s = check_integer("fire_mlp_width", m.fire_mlp_width, 1, 4096); !s.ok()) return s;
  return check_real("fire_threshold", m.fire_threshold, 0, 1e9, true);
}

void quarter_train_length(ModelConfig& m, int train_length) {
  if (m.fire_threshold == 0) m.fire_threshold = train_length / 4.0;
}

}  // namespace

extern const EncodingUnit unit_Fire = {
    "fire", "Li et al. 2024, ICLR, FIRE §3.2–3.3 (the appendix's FIRE module)", false, any_length, fire_config,
    fire_tensors, make_f<Fire>, make_d<Fire>, quarter_train_length,
};

}  // namespace posenc::lab
