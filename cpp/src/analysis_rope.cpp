#include "posenc/analysis_rope.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <complex>
#include <limits>
#include <string>

#include "posenc/absolute.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

namespace posenc {

Result<RopeSplit> rope_split(const VectorXd& q, const VectorXd& k, double delta, const std::vector<double>& inv_freq) {
  if (q.size() != k.size() || q.size() != 2 * static_cast<Eigen::Index>(inv_freq.size())) {
    return Status::range("q and k must both have 2 × (number of frequencies) = " +
                         std::to_string(2 * inv_freq.size()) + " entries");
  }
  if (auto st = check_finite("delta", delta); !st.ok()) return st;
  RopeSplit s;
  for (std::size_t i = 0; i < inv_freq.size(); ++i) {
    const Eigen::Vector2d qi(q(2 * i), q(2 * i + 1)), ki(k(2 * i), k(2 * i + 1));
    const double t = delta * inv_freq[i];
    const Eigen::Vector2d jk(-ki(1), ki(0));  // J·k: k turned by +90°
    s.cos_term.push_back(std::cos(t) * qi.dot(ki));
    s.sin_term.push_back(std::sin(t) * qi.dot(jk));
    s.direct.push_back(qi.dot(rotation2(t) * ki));
  }
  return s;
}

std::vector<double> rope_decay_bound(const std::vector<double>& inv_freq, const std::vector<double>& offsets) {
  std::vector<double> out;
  out.reserve(offsets.size());
  const double half = static_cast<double>(inv_freq.size());
  for (double delta : offsets) {
    std::complex<double> partial = 0;
    double sum = 0;
    for (double w : inv_freq) {
      partial += std::polar(1.0, delta * w);
      sum += std::abs(partial);
    }
    out.push_back(sum / half);
  }
  return out;
}

}  // namespace posenc
