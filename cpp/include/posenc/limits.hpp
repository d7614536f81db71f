// Argument checks shared by every entry point, so the same argument gets the same message
// whichever function it was passed to.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "posenc/positions.hpp"
#include "posenc/status.hpp"

namespace posenc {

// Largest head or model dimension accepted. Far above any real model (8192 is large),
// small enough that dim × dim float64 rotation matrices still fit in wasm memory.
constexpr int kMaxDim = 1 << 14;
// Largest single result, in bytes. wasm32 memory is capped at 2 GiB here, and a result
// is copied once to JS, so one result may take at most a quarter of it.
constexpr double kMaxResultBytes = 512.0 * 1024 * 1024;

std::string format_number(double v);

Status check_dim(const char* name, double dim, bool must_be_even);
Status check_base(double base);
Status check_finite(const char* name, double v);
Status check_positive(const char* name, double v);
Status check_count(const char* name, double n, double max);
Status check_result_size(const char* what, double elements, double bytes_per_element);
// Count within bounds and every explicit position finite.
Status check_positions(const Positions& p);

// Longest position list accepted (2^26: a 128k-token table is 2^17).
constexpr double kMaxPositions = 67108864.0;

}  // namespace posenc
