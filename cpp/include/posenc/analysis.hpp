// The measurements the page shows next to each claim of the seeds, float64, one header per topic.
// Row-vector convention as in the seeds: Q = X·W_q with X (n × d), W_q (d × d_k).
#pragma once

#include "posenc/analysis_attention.hpp"
#include "posenc/analysis_contexts.hpp"
#include "posenc/analysis_comparison.hpp"
#include "posenc/analysis_modulation.hpp"
#include "posenc/analysis_relative.hpp"
#include "posenc/analysis_history.hpp"
#include "posenc/analysis_permutation.hpp"
#include "posenc/analysis_rope.hpp"
#include "posenc/analysis_scores.hpp"
#include "posenc/analysis_sinusoidal.hpp"
