// none (NoPE): no positional information at all; only the causal mask orders the tokens
// (Kazemnejad et al. 2023, "The Impact of Positional Encoding on Length Generalization").
#include "posenc/lab_encoding.hpp"

namespace posenc::lab {

namespace {

template <class T>
class NoPosition : public Scheme<T> {
 public:
  explicit NoPosition(const ModelConfig&) {}
};

}  // namespace

extern const EncodingUnit unit_None = {
    "none", "Kazemnejad et al. 2023, NeurIPS (NoPE)", false, any_length, no_checks, no_tensors,
    make_f<NoPosition>, make_d<NoPosition>, nullptr, false,
};

}  // namespace posenc::lab
