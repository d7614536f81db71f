// Embind: the page's float64 measurements of absolute encodings (sinusoidal properties, the design
// history's encodings, learned tables, random matrices for toy models).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/absolute.hpp"
#include "posenc/analysis.hpp"
#include "posenc/limits.hpp"

using namespace posenc;
using js::val;

namespace {

Status check_offsets(const std::vector<double>& offsets) {
  if (offsets.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return Status::range("offsets must have at most " + std::to_string(kMaxOffsets) + " entries, got " +
                         std::to_string(offsets.size()));
  }
  return Status::success();
}

val dot_by_offset_js(double dim, double base, val offsets) {
  POSENC_CHECK(check_dim("dim", dim, true));
  POSENC_CHECK(check_base(base));
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  POSENC_CHECK(check_offsets(off));
  return js::f64(dot_by_offset(static_cast<int>(dim), base, off));
}

val best_linear_map_js(double k, double dim, double base, double n, double features) {
  if (features != 0 && features != 1) return js::error_val(Status::range("features must be 'sincos' or 'sin'"));
  POSENC_CHECK(check_dim("dim", dim, true));
  POSENC_CHECK(check_integer("n", n, 2, kMaxFitPositions));
  POSENC_TRY(fit, best_linear_map(k, static_cast<int>(dim), base, static_cast<int>(n), static_cast<Features>(features)));
  val o = val::object();
  o.set("m", js::matrix_val(fit.m));
  o.set("relativeResidual", fit.relative_residual);
  o.set("maxAbsError", fit.max_abs_error);
  if (features == 0) o.set("exact", js::matrix_val(exact_shift_map(k, static_cast<int>(dim), base)));
  return o;
}

val pca_js(val x, double components) {
  POSENC_TRY(m, js::to_matrix(x, "x"));
  POSENC_CHECK(check_integer("components", components, 1, kMaxMatrixSide));
  POSENC_TRY(p, pca(m, static_cast<int>(components)));
  val o = val::object();
  o.set("coords", js::matrix_val(p.coords));
  o.set("explained", js::f64(p.explained));
  return o;
}

val binary_encoding_js(double n, double bits) {
  POSENC_CHECK(check_integer("n", n, 0, kMaxTableRows));
  POSENC_CHECK(check_integer("bits", bits, 1, kMaxBits));
  POSENC_TRY(m, binary_encoding(static_cast<std::int64_t>(n), static_cast<int>(bits)));
  return js::matrix_val(m);
}

val normalized_encoding_js(double n) {
  POSENC_CHECK(check_integer("n", n, 0, kMaxTableRows));
  return js::f64(normalized_encoding(static_cast<std::int64_t>(n)));
}

val learned_lookup_js(double n_max, double dim, double seed, val positions) {
  POSENC_CHECK(check_integer("seed", seed, 0, kMaxSeed));
  POSENC_TRY(pos, js::to_finite(positions, "positions"));
  POSENC_TRY(t, learned_table(n_max, dim, static_cast<std::uint64_t>(seed)));
  POSENC_TRY(rows, learned_lookup(t, pos));
  return js::matrix_val(rows);
}

val random_normal_js(double seed, double rows, double cols, double stddev) {
  POSENC_CHECK(check_integer("seed", seed, 0, kMaxSeed));
  POSENC_CHECK(check_integer("rows", rows, 0, kMaxMatrixSide));
  POSENC_CHECK(check_integer("cols", cols, 0, kMaxMatrixSide));
  POSENC_CHECK(check_positive("stddev", stddev));
  Rng rng(static_cast<std::uint64_t>(seed));
  return js::matrix_val(rng.normal_matrix(static_cast<int>(rows), static_cast<int>(cols), stddev));
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_sinusoidal) {
  using emscripten::function;
  function("dotByOffset", &dot_by_offset_js);
  function("bestLinearMap", &best_linear_map_js);
  function("pca", &pca_js);
  function("binaryEncoding", &binary_encoding_js);
  function("normalizedEncoding", &normalized_encoding_js);
  function("learnedLookup", &learned_lookup_js);
  function("randomNormal", &random_normal_js);
}
