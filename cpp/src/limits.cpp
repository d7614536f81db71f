#include "posenc/limits.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace posenc {

std::string format_number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  char buf[40];
  // Integers print in full, as JS prints them (1000000000000, not 1e+12).
  if (std::floor(v) == v && std::fabs(v) < 1e21) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.17g", v);
  // Prefer the shortest form that reads back exactly, as JS prints numbers.
  for (int prec = 1; prec <= 17; ++prec) {
    char shorter[32];
    std::snprintf(shorter, sizeof shorter, "%.*g", prec, v);
    if (std::strtod(shorter, nullptr) == v) return shorter;
  }
  return buf;
}

Status check_finite(const char* name, double v) {
  if (!std::isfinite(v)) {
    return Status::range(std::string(name) + " must be a finite number, got " + format_number(v));
  }
  return Status::success();
}

Status check_positive(const char* name, double v) {
  if (!std::isfinite(v) || !(v > 0)) {
    return Status::range(std::string(name) + " must be a finite number > 0, got " + format_number(v));
  }
  return Status::success();
}

Status check_dim(const char* name, double dim, bool must_be_even) {
  const bool integral = std::isfinite(dim) && std::floor(dim) == dim;
  if (!integral || dim < 2 || dim > kMaxDim || (must_be_even && std::fmod(dim, 2.0) != 0)) {
    return Status::range(std::string(name) + " must be " + (must_be_even ? "an even" : "an") +
                         " integer from 2 to " + std::to_string(kMaxDim) + ", got " +
                         format_number(dim));
  }
  return Status::success();
}

Status check_base(double base, const char* name) {
  if (!std::isfinite(base) || !(base > 1)) {
    return Status::range(std::string(name) + " must be a finite number > 1, got " + format_number(base));
  }
  return Status::success();
}

Status check_count(const char* name, double n, double max) {
  if (!std::isfinite(n) || std::floor(n) != n || n < 0 || n > max) {
    return Status::range(std::string(name) + " must be an integer from 0 to " + format_number(max) +
                         ", got " + format_number(n));
  }
  return Status::success();
}

Status check_integer(const char* name, double v, double lo, double hi) {
  if (!std::isfinite(v) || std::floor(v) != v || v < lo || v > hi) {
    return Status::range(std::string(name) + " must be an integer from " + format_number(lo) + " to " +
                         format_number(hi) + ", got " + format_number(v));
  }
  return Status::success();
}

Status check_real(const char* name, double v, double lo, double hi, bool lo_open) {
  if (!std::isfinite(v) || v < lo || v > hi || (lo_open && v == lo)) {
    return Status::range(std::string(name) + " must be a number in " + (lo_open ? "(" : "[") + format_number(lo) + ", " +
                         format_number(hi) + "], got " + format_number(v));
  }
  return Status::success();
}

Status check_result_size(const char* what, double elements, double bytes_per_element) {
  const double bytes = elements * bytes_per_element;
  if (!(bytes <= kMaxResultBytes)) {
    return Status::range(std::string(what) + " would need " + format_number(bytes) +
                         " bytes (" + format_number(elements) + " elements); at most " +
                         format_number(kMaxResultBytes) + " bytes fit in one result");
  }
  return Status::success();
}

Status check_memory(const char* what, double bytes) {
  void* p = bytes > 0 ? std::malloc(static_cast<std::size_t>(bytes)) : nullptr;
  if (bytes > 0 && p == nullptr) {
    return Status::range("the wasm memory is full: the " + std::string(what) + " needs " +
                         format_number(std::ceil(bytes / 1048576.0)) +
                         " MiB that could not be allocated; free tensors or dispose lab models");
  }
  std::free(p);
  return Status::success();
}

Status check_positions(const Positions& p) {
  if (auto st = check_count("positions", static_cast<double>(p.count), kMaxPositions); !st.ok()) return st;
  if (p.values == nullptr) {
    if (auto st = check_finite("positions start", p.start); !st.ok()) return st;
    return check_finite("positions step", p.step);
  }
  for (std::int64_t k = 0; k < p.count; ++k) {
    if (!std::isfinite(p.values[k])) {
      return Status::range("positions[" + std::to_string(k) + "] must be a finite number, got " +
                           format_number(p.values[k]));
    }
  }
  return Status::success();
}

}  // namespace posenc
