#include "posenc/rope.hpp"

#include <cmath>

#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"

namespace posenc {

Eigen::Matrix2d rotation2(double angle) {
  Eigen::Matrix2d r;
  const double c = std::cos(angle), s = std::sin(angle);
  r << c, -s, s, c;
  return r;
}

MatrixXd rotation_matrix(const std::vector<double>& inv_freq, int dim, double position, RopeLayout layout) {
  MatrixXd r = MatrixXd::Identity(dim, dim);
  const int rot_dim = 2 * static_cast<int>(inv_freq.size());
  for (int i = 0; i < rot_dim / 2; ++i) {
    const auto [a, b] = plane(i, rot_dim, layout);
    const double t = position * inv_freq[static_cast<std::size_t>(i)];
    const double c = std::cos(t), s = std::sin(t);
    r(a, a) = c;
    r(a, b) = -s;
    r(b, a) = s;
    r(b, b) = c;
  }
  return r;
}

Result<MatrixXd> rotation_matrix(double dim, double position, double base, RopeLayout layout) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return st;
  if (auto st = check_finite("position", position); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  if (auto st = check_result_size("rotation matrix", dim * dim, 8); !st.ok()) return st;
  if (auto st = check_memory("rotation matrix", dim * dim * 8); !st.ok()) return st;
  const int d = static_cast<int>(dim);
  return rotation_matrix(default_inv_freq(d, base), d, position, layout);
}

VectorXd rope_rotate(const VectorXd& x, double position, const std::vector<double>& inv_freq, RopeLayout layout,
                     double attention_factor) {
  VectorXd y = x;
  const int rot_dim = 2 * static_cast<int>(inv_freq.size());
  for (int i = 0; i < rot_dim / 2; ++i) {
    const auto [a, b] = plane(i, rot_dim, layout);
    const double t = position * inv_freq[static_cast<std::size_t>(i)];
    const double c = std::cos(t) * attention_factor, s = std::sin(t) * attention_factor;
    y(a) = x(a) * c - x(b) * s;
    y(b) = x(a) * s + x(b) * c;
  }
  return y;
}

Result<VectorXd> rope_rotate_2d(const VectorXd& x, double px, double py, double base, RopeLayout layout) {
  const double dim = static_cast<double>(x.size());
  if (x.size() < 4 || x.size() % 4 != 0 || x.size() > kMaxDim) {
    return Status::range("2-D RoPE needs a vector whose length is a multiple of 4 (each axis gets an even half), got " +
                         format_number(dim));
  }
  if (auto st = check_finite("x position", px); !st.ok()) return st;
  if (auto st = check_finite("y position", py); !st.ok()) return st;
  if (auto st = check_base(base); !st.ok()) return st;
  const int half = static_cast<int>(x.size()) / 2;
  const auto inv = default_inv_freq(half, base);
  VectorXd y(x.size());
  y.head(half) = rope_rotate(x.head(half), px, inv, layout);
  y.tail(half) = rope_rotate(x.tail(half), py, inv, layout);
  return y;
}

std::vector<int> interleaved_to_half(int dim) {
  std::vector<int> perm(static_cast<std::size_t>(dim));
  for (int i = 0; i < dim / 2; ++i) {
    perm[static_cast<std::size_t>(2 * i)] = i;
    perm[static_cast<std::size_t>(2 * i + 1)] = i + dim / 2;
  }
  return perm;
}

}  // namespace posenc
