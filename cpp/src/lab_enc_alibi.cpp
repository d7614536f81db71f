// alibi: s_ij += −m_h·(i − j), slopes m_h from alibi_slopes, no parameters (Press et al. 2022, ICLR,
// "Train Short, Test Long", §3).
#include "posenc/lab_encoding.hpp"
#include "posenc/relative.hpp"

namespace posenc::lab {

namespace {

template <class T>
class AlibiSlopes : public Scheme<T> {
 public:
  explicit AlibiSlopes(const ModelConfig& m) {
    for (double s : alibi_slopes(m.n_heads).value) slopes_.push_back(static_cast<T>(s));
  }
  bool has_bias(int) const override { return true; }
  void bias_row(int, int h, int i, const std::int32_t* pos, const ScoreRow<T>&, T* bias) const override {
    for (int j = 0; j <= i; ++j) bias[j] = -slopes_[static_cast<std::size_t>(h)] * static_cast<T>(pos[i] - pos[j]);  // key
  }
  std::size_t memory_bytes() const override { return slopes_.capacity() * sizeof(T); }

 private:
  std::vector<T> slopes_;
};

Status head_count(const ModelConfig& m) { return check_integer("n_heads", m.n_heads, 1, kMaxAlibiHeads); }

}  // namespace

extern const EncodingUnit unit_Alibi = {
    "alibi", "Press et al. 2022, ICLR, §3", false, any_length, head_count, no_tensors,
    make_f<AlibiSlopes>, make_d<AlibiSlopes>,
};

}  // namespace posenc::lab
