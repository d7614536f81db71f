// cos(Δ·θ_i) and sin(Δ·θ_i) of every pair for consecutive integer offsets Δ, as the page's long
// curves need them (RoPE's decay bound, the long-range envelope): one complex multiplication per
// step, from exact libm values at the first Δ, taken afresh every kReseed steps so the recurrence
// drifts less than 1e-12 from libm (8.8e-13 measured at d = 64, tests/cpp/test_angle_walk.cpp). float64.
#pragma once

#include <vector>

namespace posenc {

class AngleWalk {
 public:
  static constexpr int kReseed = 256;

  explicit AngleWalk(const std::vector<double>& inv_freq);
  // Exact values at offset delta.
  void seek(double delta);
  // The next offset: delta + 1 (exact again every kReseed steps).
  void next();
  // Offset delta: a step when it follows the current one by exactly 1, else a seek.
  void move_to(double delta);

  double delta() const { return delta_; }
  const std::vector<double>& cos() const { return c_; }
  const std::vector<double>& sin() const { return s_; }

 private:
  const std::vector<double>& inv_;
  std::vector<double> c_, s_, step_c_, step_s_;
  double delta_ = 0;
  int since_seed_ = 0;
  bool seeded_ = false;
};

}  // namespace posenc
