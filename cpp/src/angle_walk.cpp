#include "posenc/angle_walk.hpp"

#include <cmath>

namespace posenc {

AngleWalk::AngleWalk(const std::vector<double>& inv_freq)
    : inv_(inv_freq), c_(inv_freq.size()), s_(inv_freq.size()), step_c_(inv_freq.size()), step_s_(inv_freq.size()) {
  for (std::size_t i = 0; i < inv_.size(); ++i) {  // pair: the turn of one step, e^{iθ_i}
    step_c_[i] = std::cos(inv_[i]);
    step_s_[i] = std::sin(inv_[i]);
  }
}

void AngleWalk::seek(double delta) {
  for (std::size_t i = 0; i < inv_.size(); ++i) {  // pair
    c_[i] = std::cos(delta * inv_[i]);
    s_[i] = std::sin(delta * inv_[i]);
  }
  delta_ = delta;
  since_seed_ = 0;
  seeded_ = true;
}

void AngleWalk::next() {
  if (++since_seed_ >= kReseed) {
    seek(delta_ + 1);
    return;
  }
  for (std::size_t i = 0; i < inv_.size(); ++i) {  // pair: e^{i(Δ+1)θ} = e^{iΔθ}·e^{iθ}
    const double nc = c_[i] * step_c_[i] - s_[i] * step_s_[i];
    s_[i] = c_[i] * step_s_[i] + s_[i] * step_c_[i];
    c_[i] = nc;
  }
  delta_ += 1;
}

void AngleWalk::move_to(double delta) {
  if (seeded_ && delta == delta_ + 1) {
    next();
  } else {
    seek(delta);
  }
}

}  // namespace posenc
