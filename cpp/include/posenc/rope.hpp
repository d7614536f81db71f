// RoPE in float64, for what is shown to people (the float32 tensor path is cpp/kernels/rope_kernel.hpp).
//
// Rotation R(θ) = [[cos θ, −sin θ], [sin θ, cos θ]], counter-clockwise for θ > 0.
// A head of dimension d is d/2 planes; plane i turns by m·θ_i at position m.
// Which two coordinates form plane i is the layout:
//   interleaved (RoFormer, GPT-J, the seeds):  (x[2i], x[2i+1])        [c s c s …] pairs side by side
//   half        (GPT-NeoX, HF rotate_half):    (x[i],  x[i + d/2])     [c c … | s s …] halves
// The two differ only by a permutation of coordinates (interleaved_to_half).
// Partial rotary: only the first rot_dim = 2·inv_freq.size() coordinates turn; the rest pass.
#pragma once

#include <utility>
#include <vector>

#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

enum class RopeLayout { Interleaved = 0, Half = 1 };

// Coordinates of plane i in a rotary block of rot_dim coordinates.
inline std::pair<int, int> plane(int i, int rot_dim, RopeLayout layout) {
  return layout == RopeLayout::Interleaved ? std::pair{2 * i, 2 * i + 1} : std::pair{i, i + rot_dim / 2};
}

Eigen::Matrix2d rotation2(double angle);

// The block-diagonal R_{Θ,m} (dim × dim) for default frequencies.
Result<MatrixXd> rotation_matrix(double dim, double position, double base, RopeLayout layout);
// The same for given frequencies; dim ≥ 2·inv_freq.size(), identity on the pass-through part.
MatrixXd rotation_matrix(const std::vector<double>& inv_freq, int dim, double position, RopeLayout layout);

// f(x, m): x rotated at position m. x.size() ≥ 2·inv_freq.size().
VectorXd rope_rotate(const VectorXd& x, double position, const std::vector<double>& inv_freq, RopeLayout layout,
                     double attention_factor = 1.0);

// Axial 2-D RoPE (images, seed 004 §2.7): the first half of the coordinates is rotated by the x
// position, the second half by the y position, each half with the frequencies of a d/2-dim RoPE
// (θ_{x,i} = θ_{y,i} = base^(-2i/(d/2))). dim must be a multiple of 4.
Result<VectorXd> rope_rotate_2d(const VectorXd& x, double px, double py, double base, RopeLayout layout);

// perm[k]: where coordinate k of the interleaved layout sits in the half layout.
// rope_half(P·x) = P·rope_interleaved(x), with (P·x)[perm[k]] = x[k].
std::vector<int> interleaved_to_half(int dim);

}  // namespace posenc
