// irope: Llama 4's interleaved RoPE (transformers' modeling_llama4.py, Llama4TextAttention, and its
// config's no_rope_layers; Meta's Llama 4 release calls it iRoPE). Block l turns q and k by RoPE
// unless (l + 1) is a multiple of the interval, in which case it has no positional encoding at all
// ("NoPE"), and there the queries get Llama 4's attention temperature:
//   q_i ← q_i · (1 + attn_scale · log(1 + ⌊(p_i + 1)/floor_scale⌋))      (p_i: the query's position)
// interval = irope_interval (Llama 4: 4, so blocks 3, 7, …; default 2 here: with 2 blocks, block 1);
// floor_scale = irope_floor_scale (Llama 4: 8192; 0 here means L_train), attn_scale = irope_attn_scale
// (Llama 4: 0.1). Not reproduced: Llama 4's QK-norm and chunked attention on the RoPE blocks.
#include <cmath>

#include "posenc/lab_encoding.hpp"
#include "posenc/lab_rotary.hpp"
#include "posenc/limits.hpp"

namespace posenc::lab {

namespace {

template <class T>
class Interleaved : public Scheme<T> {
 public:
  explicit Interleaved(const ModelConfig& m)
      : interval_(m.irope_interval), floor_scale_(m.irope_floor_scale), attn_scale_(m.irope_attn_scale),
        rot_(m.head_dim(), m.rope_layout, Frequencies{default_inv_freq(m.head_dim(), m.rope_base), 1.0}) {}
  void tables(int positions) override {
    rot_.resize(positions);
    temperature_.resize(static_cast<std::size_t>(positions));
    for (int p = 0; p < positions; ++p) {  // position: in float64, rounded once
      temperature_[static_cast<std::size_t>(p)] =
          static_cast<T>(1 + attn_scale_ * std::log1p(std::floor((p + 1.0) / floor_scale_)));
    }
  }
  void qk_forward(int layer, const AttentionDims& d, const std::int32_t* pos, T* qkv) override {
    if (rotary(layer)) {
      rot_.turn(d, pos, qkv, false);
    } else {
      heat(d, pos, qkv);
    }
  }
  void qk_backward(int layer, const AttentionDims& d, const std::int32_t* pos, T* dqkv) override {
    if (rotary(layer)) {
      rot_.turn(d, pos, dqkv, true);
    } else {
      heat(d, pos, dqkv);  // q·τ: ∂L/∂q = τ·∂L/∂(q·τ)
    }
  }
  std::size_t memory_bytes() const override { return rot_.memory_bytes() + temperature_.capacity() * sizeof(T); }

 private:
  bool rotary(int layer) const { return (layer + 1) % interval_ != 0; }
  void heat(const AttentionDims& d, const std::int32_t* pos, T* qkv) const {
    const long ld = 3L * d.d_model;
    for (int t = 0; t < d.len; ++t) {  // token: its query, every head
      const T tau = temperature_[static_cast<std::size_t>(pos[t])];
      for (int c = 0; c < d.d_model; ++c) qkv[t * ld + c] *= tau;
    }
  }

  int interval_;
  double floor_scale_, attn_scale_;
  RotaryTables<T> rot_;
  std::vector<T> temperature_;  // by position
};

Status irope_config(const ModelConfig& m) {
  if (auto s = rotary_config(m); !s.ok()) return s;
  if (auto s = check_integer("irope_interval", m.irope_interval, 1, kMaxLayers); !s.ok()) return s;
  if (auto s = check_real("irope_floor_scale", m.irope_floor_scale, 0, 1e9, true); !s.ok()) return s;
  return check_real("irope_attn_scale", m.irope_attn_scale, 0, 100);
}

void floor_at_train_length(ModelConfig& m, int train_length) {
  if (m.irope_floor_scale == 0) m.irope_floor_scale = train_length;
}

}  // namespace

extern const EncodingUnit unit_Irope = {
    "irope", "Llama 4 (transformers modeling_llama4.py: no_rope_layers, attn_temperature_tuning)", false, any_length,
    irope_config, no_tensors, make_f<Interleaved>, make_d<Interleaved>, floor_at_train_length,
};

}  // namespace posenc::lab
