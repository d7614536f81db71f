// learned: x_0 += pos_emb[pos], a table of n_max rows trained with the model (GPT-2, BERT); it has
// no row for positions ≥ n_max (Devlin et al. 2019 §3; Radford et al. 2019).
#include "posenc/lab_encoding.hpp"
#include "posenc/lab_layers.hpp"

namespace posenc::lab {

namespace {

template <class T>
class LearnedTable : public Scheme<T> {
 public:
  explicit LearnedTable(const ModelConfig&) {}
  void bind(const TensorFinder<T>& params, const TensorFinder<T>& grads) override {
    table_ = params("pos_emb.weight");
    grad_ = grads("pos_emb.weight");
  }
  void embed_forward(int n, int d_model, const std::int32_t* positions, T* x) override {
    embedding_forward(n, d_model, positions, table_, x, true);
  }
  void embed_backward(int n, int d_model, const std::int32_t* positions, const T* dx) override {
    embedding_backward(n, d_model, positions, dx, grad_);
  }

 private:
  const T* table_ = nullptr;
  T* grad_ = nullptr;
};

int table_rows(const ModelConfig& m) { return m.n_max; }
Status rows_in_range(const ModelConfig& m) { return check_integer("n_max", m.n_max, 1, kMaxLength); }
void table_tensor(const ModelConfig& m, const TensorSink& add) {
  add("pos_emb.weight", {m.n_max, m.d_model}, false, Init::NormalEmbedding);
}

}  // namespace

extern const EncodingUnit unit_Learned = {
    "learned", "Devlin et al. 2019 §3 (BERT); Radford et al. 2019 (GPT-2)", false, table_rows, rows_in_range,
    table_tensor, make_f<LearnedTable>, make_d<LearnedTable>,
};

}  // namespace posenc::lab
