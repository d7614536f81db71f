// sinusoidal: x_0 += PE[pos], PE[pos, 2i] = sin(pos·10000^(−2i/d_model)), PE[pos, 2i+1] = cos(…)
// (Vaswani et al. 2017, "Attention Is All You Need", §3.5). No parameters.
#include <cmath>

#include "posenc/absolute.hpp"
#include "posenc/lab_encoding.hpp"
#include "posenc/lab_layers.hpp"

namespace posenc::lab {

namespace {

template <class T>
class Sinusoids : public Scheme<T> {
 public:
  explicit Sinusoids(const ModelConfig& m) : d_model_(m.d_model) {}
  void tables(int positions) override {
    const auto table = sinusoidal_table(Positions::range(positions), d_model_, 10000, SinusoidalLayout::Interleaved).value;
    table_.resize(static_cast<std::size_t>(table.size()));
    for (Eigen::Index i = 0; i < table.size(); ++i) table_[static_cast<std::size_t>(i)] = static_cast<T>(table.data()[i]);
  }
  void embed_forward(int n, int d_model, const std::int32_t* positions, T* x) override {
    embedding_forward(n, d_model, positions, table_.data(), x, true);
  }
  std::size_t memory_bytes() const override { return table_.capacity() * sizeof(T); }

 private:
  int d_model_;
  std::vector<T> table_;
};

Status even_model(const ModelConfig& m) {
  if (m.d_model % 2 != 0) return Status::range("d_model must be even for the sinusoidal encoding");
  return Status::success();
}

}  // namespace

extern const EncodingUnit unit_Sinusoidal = {
    "sinusoidal", "Vaswani et al. 2017, §3.5", false, any_length, even_model, no_tensors,
    make_f<Sinusoids>, make_d<Sinusoids>,
};

}  // namespace posenc::lab
