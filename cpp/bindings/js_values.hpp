// Conversions between embind values and the core's types, shared by the embind files and the boundary.
// Each converter checks what the core cannot see from a typed argument (a matrix's shape against
// its data, entries that must be finite or integers) and reports it as a Status naming the
// argument, so every bad input becomes a RangeError/TypeError in JS, never an abort.
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <string>
#include <vector>

#include "posenc/matrix.hpp"
#include "posenc/status.hpp"

namespace posenc::js {

using emscripten::val;

// { error, kind }: the TS wrapper throws TypeError (kind 1) or RangeError (kind 2) with the message.
val error_val(const Status& s);

// Copies out of wasm memory: the caller owns the array, memory growth cannot detach it.
template <class T>
val typed_copy(const T* data, std::size_t n) {
  return val(emscripten::typed_memory_view(n, data)).call<val>("slice");
}

val f64(const std::vector<double>& v);
val matrix_val(const MatrixXd& m);
val strings(const std::vector<std::string>& v);

// {rows, cols, data}: at most kMaxMatrixSide rows and columns, data.length = rows·cols, finite.
Result<MatrixXd> to_matrix(const val& v, const char* name);
// A list of finite numbers.
Result<std::vector<double>> to_finite(const val& v, const char* name);
// A list of integers (indices, permutations): each finite and whole.
Result<std::vector<int>> to_indices(const val& v, const char* name);

// Unwraps a Result inside an embind function: returns the error value on failure.
#define POSENC_TRY(var, expr)                        \
  auto var##_result = (expr);                        \
  if (!var##_result.ok()) return js::error_val(var##_result.status); \
  auto& var = var##_result.value

#define POSENC_CHECK(expr)                           \
  if (auto posenc_st = (expr); !posenc_st.ok()) return js::error_val(posenc_st)

}  // namespace posenc::js
