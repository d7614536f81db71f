// rope: q and k of every head turned by position·θ_i per plane, θ_i = rope_base^(−2i/d_h), in the
// rope_layout's pairing (Su et al. 2021, "RoFormer", §3.2–3.4; half: GPT-NeoX / rotate_half).
// Evaluation may stretch the frequencies (PI, NTK-aware, YaRN: lab.hpp, RopeStretch).
#include "posenc/lab_encoding.hpp"
#include "posenc/lab_rotary.hpp"
#include "posenc/rope.hpp"

namespace posenc::lab {

namespace {

template <class T>
class Rotary : public Scheme<T> {
 public:
  explicit Rotary(const ModelConfig& m)
      : rot_(m.head_dim(), m.rope_layout, Frequencies{default_inv_freq(m.head_dim(), m.rope_base), 1.0}) {}
  void tables(int positions) override { rot_.resize(positions); }
  void set_frequencies(const Frequencies& f) override { rot_.set_frequencies(f); }
  void qk_forward(int, const AttentionDims& d, const std::int32_t* pos, T* qkv) override { rot_.turn(d, pos, qkv, false); }
  void qk_backward(int, const AttentionDims& d, const std::int32_t* pos, T* dqkv) override {
    rot_.turn(d, pos, dqkv, true);
  }
  std::size_t memory_bytes() const override { return rot_.memory_bytes(); }

 private:
  RotaryTables<T> rot_;
};

}  // namespace

extern const EncodingUnit unit_Rope = {
    "rope", "Su et al. 2021, RoFormer, §3.2–3.4", true, any_length, rotary_config, no_tensors,
    make_f<Rotary>, make_d<Rotary>,
};

}  // namespace posenc::lab
