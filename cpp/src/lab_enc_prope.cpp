// p-rope: RoPE on the highest fraction p of its frequencies only (Barbero et al., ICLR 2025, "Round and
// Round We Go! What makes Rotary Positional Encodings useful?", p-RoPE and its apply_p_rope code):
// of the d_h/2 planes, the first K = ⌊p·d_h/2⌋ (the fastest, θ_k = rope_base^(−2k/d_h), unchanged)
// turn as in RoPE; the other d_h/2 − K planes get θ = 0 (the code pads the timescales with ∞) and
// are not turned at all. p = 1 is RoPE, p = 0 is NoPE; the paper recommends 0.75.
#include <cmath>

#include "posenc/lab_encoding.hpp"
#include "posenc/lab_rotary.hpp"
#include "posenc/limits.hpp"

namespace posenc::lab {

namespace {

// The turned planes' frequencies, then zeros.
Frequencies kept_frequencies(const ModelConfig& m) {
  Frequencies f{default_inv_freq(m.head_dim(), m.rope_base), 1.0};
  const int kept = static_cast<int>(std::floor(m.p_rope_fraction * m.head_dim() / 2));
  for (std::size_t k = static_cast<std::size_t>(kept); k < f.inv_freq.size(); ++k) f.inv_freq[k] = 0;
  return f;
}

template <class T>
class PartialRotary : public Scheme<T> {
 public:
  explicit PartialRotary(const ModelConfig& m) : rot_(m.head_dim(), m.rope_layout, kept_frequencies(m)) {}
  void tables(int positions) override { rot_.resize(positions); }
  void qk_forward(int, const AttentionDims& d, const std::int32_t* pos, T* qkv) override { rot_.turn(d, pos, qkv, false); }
  void qk_backward(int, const AttentionDims& d, const std::int32_t* pos, T* dqkv) override {
    rot_.turn(d, pos, dqkv, true);
  }
  std::size_t memory_bytes() const override { return rot_.memory_bytes(); }

 private:
  RotaryTables<T> rot_;
};

Status partial_config(const ModelConfig& m) {
  if (auto s = rotary_config(m); !s.ok()) return s;
  return check_real("p_rope_fraction", m.p_rope_fraction, 0, 1);
}

}  // namespace

extern const EncodingUnit unit_PRope = {
    "p-rope", "Barbero et al. 2025, ICLR, \"Round and Round We Go!\", p-RoPE (apply_p_rope)", false, any_length,
    partial_config, no_tensors, make_f<PartialRotary>, make_d<PartialRotary>,
};

}  // namespace posenc::lab
