// The JS names of the core's enums that boundary functions take, in the order of their values.
#pragma once

#include "boundary.hpp"
#include "posenc/analysis_scores.hpp"
#include "posenc/analysis_sinusoidal.hpp"
#include "posenc/rope.hpp"

namespace posenc::boundary {

template <>
struct EnumNames<Features> {
  static constexpr const char* names[] = {"sincos", "sin"};
};

template <>
struct EnumNames<RopeLayout> {
  static constexpr const char* names[] = {"interleaved", "half"};
};

template <>
struct EnumNames<ToyWeights> {
  static constexpr const char* names[] = {"random", "identity"};
};

}  // namespace posenc::boundary
