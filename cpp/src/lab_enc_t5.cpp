// t5: s_ij += table[bucket(j − i), h], T5's causal _relative_position_bucket, one table of
// [t5_num_buckets, heads] shared by all blocks (Raffel et al. 2020, §2.1).
#include "posenc/lab_encoding.hpp"
#include "posenc/relative.hpp"

namespace posenc::lab {

namespace {

template <class T>
class T5Buckets : public Scheme<T> {
 public:
  explicit T5Buckets(const ModelConfig& m) : options_{false, m.t5_num_buckets, m.t5_max_distance}, heads_(m.n_heads) {}
  void bind(const TensorFinder<T>& params, const TensorFinder<T>& grads) override {
    table_ = params("t5_bias.weight");
    grad_ = grads("t5_bias.weight");
  }
  void tables(int positions) override {
    bucket_.resize(static_cast<std::size_t>(positions));
    for (int d = 0; d < positions; ++d) bucket_[static_cast<std::size_t>(d)] = t5_bucket(-d, options_);  // key − query = −d
  }
  bool has_bias(int) const override { return true; }
  void bias_row(int, int h, int i, const std::int32_t* pos, const ScoreRow<T>&, T* bias) const override {
    for (int j = 0; j <= i; ++j) bias[j] = table_[static_cast<long>(bucket_[pos[i] - pos[j]]) * heads_ + h];  // key
  }
  void bias_row_backward(int, int h, int i, const std::int32_t* pos, const ScoreRow<T>&, T* ds, T*) override {
    for (int j = 0; j <= i; ++j) grad_[static_cast<long>(bucket_[pos[i] - pos[j]]) * heads_ + h] += ds[j];  // key
  }
  std::size_t memory_bytes() const override { return bucket_.capacity() * sizeof(std::int32_t); }

 private:
  T5Options options_;
  int heads_;
  const T* table_ = nullptr;
  T* grad_ = nullptr;
  std::vector<std::int32_t> bucket_;  // bucket of distance d = i − j
};

Status bucket_options(const ModelConfig& m) {
  return check_t5_options(m.t5_num_buckets, m.t5_max_distance, false, "t5_num_buckets", "t5_max_distance");
}
void bias_table(const ModelConfig& m, const TensorSink& add) {
  add("t5_bias.weight", {m.t5_num_buckets, m.n_heads}, false, Init::Zero);
}

}  // namespace

extern const EncodingUnit unit_T5 = {
    "t5", "Raffel et al. 2020, JMLR, §2.1 (_relative_position_bucket)", false, any_length, bucket_options, bias_table,
    make_f<T5Buckets>, make_d<T5Buckets>,
};

}  // namespace posenc::lab
