// RoPE measurements for the page. float64.
#pragma once

#include <vector>

#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc {

// --- RoPE ---------------------------------------------------------------------------------------

// qᵀR(Δθ)k = cos(Δθ)·qᵀk + sin(Δθ)·qᵀJk per plane (J: 90° counter-clockwise); seed 003.
struct RopeSplit {
  std::vector<double> cos_term, sin_term, direct;  // per plane; direct = qᵀR k computed by rotating
};
Result<RopeSplit> rope_split(const VectorXd& q, const VectorXd& k, double delta, const std::vector<double>& inv_freq);

// RoFormer §3.4.3 long-distance decay: (1/(d/2))·Σ_{j=1}^{d/2} |Σ_{i<j} e^{iΔθ_i}| for each Δ.
std::vector<double> rope_decay_bound(const std::vector<double>& inv_freq, const std::vector<double>& offsets);

}  // namespace posenc
