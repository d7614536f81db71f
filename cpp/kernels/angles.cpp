#include "angles.hpp"

#include <cmath>

#include "trig.hpp"
#include "v128.hpp"

namespace posenc::kernels {

AngleRows::AngleRows(const Positions& positions, const double* inv_freq, int pairs)
    : pos_(positions), inv_(inv_freq), pairs_(pairs) {
  if (pos_.values != nullptr) return;
  const auto n = static_cast<std::size_t>(pairs);
  c_.resize(n);
  s_.resize(n);
  cstep_.resize(n);
  sstep_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    cstep_[i] = std::cos(pos_.step * inv_[i]);
    sstep_[i] = std::sin(pos_.step * inv_[i]);
  }
}

void AngleRows::seed(std::int64_t k) {
  const double p = pos_.at(k);
  for (std::size_t i = 0; i < c_.size(); ++i) {
    c_[i] = std::cos(p * inv_[i]);
    s_[i] = std::sin(p * inv_[i]);
  }
  next_ = k;
}

void AngleRows::row_generic(std::int64_t k, float* sin_out, float* cos_out) {
  if (pos_.values != nullptr) {
    const double p = pos_.values[k];
    for (int i = 0; i < pairs_; ++i) sincos1(p * inv_[i], sin_out[i], cos_out[i]);
    return;
  }
  if (k != next_ || k % kReseed == 0) seed(k);
  for (std::size_t i = 0; i < c_.size(); ++i) {  // pair
    sin_out[i] = static_cast<float>(s_[i]);
    cos_out[i] = static_cast<float>(c_[i]);
    const double c = c_[i] * cstep_[i] - s_[i] * sstep_[i];
    s_[i] = s_[i] * cstep_[i] + c_[i] * sstep_[i];
    c_[i] = c;
  }
  next_ = k + 1;
}

void AngleRows::row_simd(std::int64_t k, float* sin_out, float* cos_out) {
  using namespace simd;
  int i = 0;
  if (pos_.values != nullptr) {
    const double p = pos_.values[k];
    const D2 pv = splat2(p);
    for (; i + 4 <= pairs_; i += 4) {  // pair
      F4 s, c;
      sincos4(pv * load2(inv_ + i), pv * load2(inv_ + i + 2), s, c);
      store4(sin_out + i, s);
      store4(cos_out + i, c);
    }
    for (; i < pairs_; ++i) sincos1(p * inv_[i], sin_out[i], cos_out[i]);
    return;
  }
  if (k != next_ || k % kReseed == 0) seed(k);
  double* c = c_.data();
  double* s = s_.data();
  for (; i + 4 <= pairs_; i += 4) {  // pair
    const D2 c01 = load2(c + i), c23 = load2(c + i + 2), s01 = load2(s + i), s23 = load2(s + i + 2);
    store4(sin_out + i, demote(s01, s23));
    store4(cos_out + i, demote(c01, c23));
    const D2 cs01 = load2(cstep_.data() + i), cs23 = load2(cstep_.data() + i + 2);
    const D2 ss01 = load2(sstep_.data() + i), ss23 = load2(sstep_.data() + i + 2);
    store2(c + i, c01 * cs01 - s01 * ss01);
    store2(c + i + 2, c23 * cs23 - s23 * ss23);
    store2(s + i, s01 * cs01 + c01 * ss01);
    store2(s + i + 2, s23 * cs23 + c23 * ss23);
  }
  for (; i < pairs_; ++i) {
    sin_out[i] = static_cast<float>(s[i]);
    cos_out[i] = static_cast<float>(c[i]);
    const double cn = c[i] * cstep_[i] - s[i] * sstep_[i];
    s[i] = s[i] * cstep_[i] + c[i] * sstep_[i];
    c[i] = cn;
  }
  next_ = k + 1;
}

}  // namespace posenc::kernels
