// The registry: one unit per entry of POSENC_LAB_ENCODINGS, in its order.
#include "posenc/lab_encoding.hpp"

namespace posenc::lab {

#define POSENC_LAB_DECLARE(id, name) extern const EncodingUnit unit_##id;
POSENC_LAB_ENCODINGS(POSENC_LAB_DECLARE)
#undef POSENC_LAB_DECLARE

const EncodingUnit& unit(Encoding e) {
#define POSENC_LAB_UNIT(id, name) &unit_##id,
  static const EncodingUnit* const units[] = {POSENC_LAB_ENCODINGS(POSENC_LAB_UNIT)};
#undef POSENC_LAB_UNIT
  return *units[static_cast<std::size_t>(e)];
}

template <>
std::unique_ptr<Scheme<float>> make_scheme<float>(const ModelConfig& m) {
  return unit(m.encoding).make_float(m);
}
template <>
std::unique_ptr<Scheme<double>> make_scheme<double>(const ModelConfig& m) {
  return unit(m.encoding).make_double(m);
}

}  // namespace posenc::lab
