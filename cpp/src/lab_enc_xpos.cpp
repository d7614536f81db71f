// xpos: RoPE with a per-plane exponential scale (Sun et al. 2022, "A Length-Extrapolatable
// Transformer", §3: ζ_i = (i/(d/2) + γ)/(1 + γ), γ = 0.4; torchscale's XPOS module, which this follows
// to the letter). For a query at position m and a key at position n, plane i (θ_i as RoPE's):
//   q̃ = ζ_i^{(m−c)/B} · R(m·θ_i) q,    k̃ = ζ_i^{−(n−c)/B} · R(n·θ_i) k,    ζ_i = (2i/d_h + 0.4)/1.4
// so q̃·k̃ carries ζ_i^{(m−n)/B}: the fastest planes (ζ_0 = 0.29) fade with distance, the slowest
// (ζ → 1) hardly. c = ⌈(p_last + 1)/2⌉ centres each sequence's exponents (torchscale: min_pos =
// −len//2), so neither factor over- nor underflows; it cancels in q̃·k̃. B = xpos_scale_base (the
// code's default 512; here 0 means L_train/2). Forward y = S·R·x; backward dx = Rᵀ·S·dy (S is a
// scalar on each plane, so it commutes with R).
#include <cmath>

#include "posenc/lab_encoding.hpp"
#include "posenc/lab_rotary.hpp"
#include "posenc/limits.hpp"

namespace posenc::lab {

namespace {

constexpr double kXposGamma = 0.4;
// The largest scale factor allowed on a query or key: 2^40 keeps q̃·k̃ far inside float32.
constexpr double kXposMaxLog2 = 40;

double zeta(int i, int head_dim) { return (2.0 * i / head_dim + kXposGamma) / (1 + kXposGamma); }

template <class T>
class Xpos : public Scheme<T> {
 public:
  explicit Xpos(const ModelConfig& m)
      : head_dim_(m.head_dim()), base_(m.xpos_scale_base), layout_(m.rope_layout),
        rot_(m.head_dim(), m.rope_layout, Frequencies{default_inv_freq(m.head_dim(), m.rope_base), 1.0}) {}
  void tables(int positions) override {
    rot_.resize(positions);
    span_ = positions;  // exponents (p − c)/B with |p − c| ≤ positions
    const int pairs = head_dim_ / 2;
    scale_.assign(static_cast<std::size_t>(2 * span_ + 1) * pairs, T(0));
    for (int t = -span_; t <= span_; ++t) {  // offset p − c
      for (int i = 0; i < pairs; ++i) {      // plane: ζ_i^{t/B} in float64
        scale_[static_cast<std::size_t>(t + span_) * pairs + i] = static_cast<T>(std::exp(t * std::log(zeta(i, head_dim_)) / base_));
      }
    }
  }
  void qk_forward(int, const AttentionDims& d, const std::int32_t* pos, T* qkv) override {
    rot_.turn(d, pos, qkv, false);
    scale(d, pos, qkv);
  }
  void qk_backward(int, const AttentionDims& d, const std::int32_t* pos, T* dqkv) override {
    scale(d, pos, dqkv);
    rot_.turn(d, pos, dqkv, true);
  }
  std::size_t memory_bytes() const override { return rot_.memory_bytes() + scale_.capacity() * sizeof(T); }

 private:
  // q of token t by ζ^{(p_t − c)/B}, k by ζ^{−(p_t − c)/B}, every plane of every head.
  void scale(const AttentionDims& d, const std::int32_t* pos, T* qkv) const {
    const int pairs = head_dim_ / 2;
    const long ld = 3L * d.d_model;
    const int c = (pos[d.len - 1] + 2) / 2;  // ⌈(p_last + 1)/2⌉
    for (int t = 0; t < d.len; ++t) {  // token
      const T* up = scale_.data() + static_cast<std::size_t>(pos[t] - c + span_) * pairs;
      const T* down = scale_.data() + static_cast<std::size_t>(c - pos[t] + span_) * pairs;
      for (int h = 0; h < d.n_heads; ++h) {  // head
        T* q = qkv + t * ld + static_cast<long>(h) * head_dim_;
        T* k = q + d.d_model;
        for (int i = 0; i < pairs; ++i) {  // plane
          const auto [ia, ib] = plane(i, head_dim_, layout_);
          q[ia] *= up[i], q[ib] *= up[i];
          k[ia] *= down[i], k[ib] *= down[i];
        }
      }
    }
  }

  int head_dim_;
  double base_;
  RopeLayout layout_;
  RotaryTables<T> rot_;
  int span_ = 0;
  std::vector<T> scale_;  // [offset + span, plane]: ζ_i^{offset/B}
};

// Past this length the largest factor, ζ_0^{−⌈L/2⌉/B}, would exceed 2^40.
int xpos_length(const ModelConfig& m) {
  const double L = 2 * m.xpos_scale_base * kXposMaxLog2 * std::log(2.0) / -std::log(zeta(0, 2));
  return L >= kMaxLength || !std::isfinite(L) ? kMaxLength : static_cast<int>(L);
}

Status xpos_config(const ModelConfig& m) {
  if (auto s = rotary_config(m); !s.ok()) return s;
  return check_real("xpos_scale_base", m.xpos_scale_base, 0, 1e6, true);
}

void half_train_length(ModelConfig& m, int train_length) {
  if (m.xpos_scale_base == 0) m.xpos_scale_base = train_length / 2.0;
}

}  // namespace

extern const EncodingUnit unit_Xpos = {
    "xpos", "Sun et al. 2022, \"A Length-Extrapolatable Transformer\", §3 (torchscale XPOS)", false, xpos_length,
    xpos_config, no_tensors, make_f<Xpos>, make_d<Xpos>, half_train_length,
};

}  // namespace posenc::lab
