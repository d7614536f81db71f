// Failure as a value: the core never throws and never aborts on bad input.
// The bindings turn a Status into a JS TypeError/RangeError with the same message,
// so every message names the argument and what is allowed.
#pragma once

#include <string>
#include <utility>

namespace posenc {

enum class ErrorKind { None = 0, Type = 1, Range = 2 };

struct Status {
  ErrorKind kind = ErrorKind::None;
  std::string message;

  bool ok() const { return kind == ErrorKind::None; }
  static Status success() { return {}; }
  static Status range(std::string msg) { return {ErrorKind::Range, std::move(msg)}; }
  static Status type(std::string msg) { return {ErrorKind::Type, std::move(msg)}; }
};

template <class T>
struct Result {
  Status status;
  T value{};

  Result() = default;
  Result(T v) : value(std::move(v)) {}            // NOLINT: implicit success
  Result(Status s) : status(std::move(s)) {}       // NOLINT: implicit failure
  bool ok() const { return status.ok(); }
};

}  // namespace posenc
