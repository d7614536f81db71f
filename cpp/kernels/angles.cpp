#include "angles.hpp"

#include <algorithm>
#include <cmath>

namespace posenc::kernels {

namespace {

// The last step rotation computed, reused while the frequencies and step stay the same (the usual
// case: the same model's RoPE applied call after call). libm's sin/cos are the slow part of a
// small call otherwise (two per pair).
struct StepMemo {
  std::vector<double> inv, c, s;
  double step = 0;
};

const StepMemo& step_rotation(const double* inv, int pairs, double step) {
  thread_local StepMemo memo;
  const auto n = static_cast<std::size_t>(pairs);
  if (memo.step == step && memo.inv.size() == n && std::equal(memo.inv.begin(), memo.inv.end(), inv)) return memo;
  memo.inv.assign(inv, inv + n);
  memo.step = step;
  memo.c.resize(n);
  memo.s.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    memo.c[i] = std::cos(step * inv[i]);
    memo.s[i] = std::sin(step * inv[i]);
  }
  return memo;
}

}  // namespace

AngleRows::AngleRows(const Positions& positions, const double* inv_freq, int pairs)
    : pos_(positions), inv_(inv_freq), pairs_(pairs) {
  if (pos_.values != nullptr) return;
  const auto n = static_cast<std::size_t>(pairs);
  c_.resize(n);
  s_.resize(n);
  const StepMemo& m = step_rotation(inv_freq, pairs, pos_.step);
  cstep_ = m.c;
  sstep_ = m.s;
}

void AngleRows::seed(std::int64_t k) {
  const double p = pos_.at(k);
  if (p == 0) {  // the usual first row: exact without libm
    std::fill(c_.begin(), c_.end(), 1.0);
    std::fill(s_.begin(), s_.end(), 0.0);
  } else {
    for (std::size_t i = 0; i < c_.size(); ++i) {
      c_[i] = std::cos(p * inv_[i]);
      s_[i] = std::sin(p * inv_[i]);
    }
  }
  next_ = k;
}

void AngleRows::advance() {
  for (std::size_t i = 0; i < c_.size(); ++i) {  // pair
    const double c = c_[i] * cstep_[i] - s_[i] * sstep_[i];
    s_[i] = s_[i] * cstep_[i] + c_[i] * sstep_[i];
    c_[i] = c;
  }
  ++next_;
}

void AngleRows::row_generic(std::int64_t k, float* sin_out, float* cos_out) {
  if (pos_.values != nullptr) {
    const double p = pos_.values[k];
    for (int i = 0; i < pairs_; ++i) sincos1(p * inv_[i], sin_out[i], cos_out[i]);
    return;
  }
  if (k != next_ || k % kReseed == 0) seed(k);
  for (std::size_t i = 0; i < c_.size(); ++i) {
    sin_out[i] = static_cast<float>(s_[i]);
    cos_out[i] = static_cast<float>(c_[i]);
  }
  advance();
}

void AngleRows::anchor(std::int64_t k) {
  const auto n = static_cast<std::size_t>(pairs_);
  if (ctab_.empty()) {
    // M_j = rotation by j·step for j < kAnchor, and M_kAnchor for stepping anchors: float64
    // products of the exact single-step rotation (16 products: error ~1e-15).
    ctab_.resize(kAnchor * n);
    stab_.resize(kAnchor * n);
    cjump_.assign(n, 1.0);
    sjump_.assign(n, 0.0);
    for (int j = 0; j < kAnchor; ++j) {
      for (std::size_t i = 0; i < n; ++i) {
        ctab_[j * n + i] = static_cast<float>(cjump_[i]);
        stab_[j * n + i] = static_cast<float>(sjump_[i]);
        const double c = cjump_[i] * cstep_[i] - sjump_[i] * sstep_[i];
        sjump_[i] = sjump_[i] * cstep_[i] + cjump_[i] * sstep_[i];
        cjump_[i] = c;
      }
    }
    ca_.resize(n);
    sa_.resize(n);
  }
  if (k == anchor_row_ + kAnchor && k % kReseed != 0) {
    for (std::size_t i = 0; i < n; ++i) {  // pair: the anchor turned by M_kAnchor, in float64
      const double c = c_[i] * cjump_[i] - s_[i] * sjump_[i];
      s_[i] = s_[i] * cjump_[i] + c_[i] * sjump_[i];
      c_[i] = c;
    }
  } else {
    seed(k);
  }
  for (std::size_t i = 0; i < n; ++i) {
    ca_[i] = static_cast<float>(c_[i]);
    sa_[i] = static_cast<float>(s_[i]);
  }
  anchor_row_ = k;
}

}  // namespace posenc::kernels
