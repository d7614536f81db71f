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


val wavelengths_js(double dim, double base) {
  POSENC_CHECK(check_dim("dim", dim, true));
  POSENC_CHECK(check_base(base));
  return js::f64(wavelengths(static_cast<int>(dim), base));
}

val period_check_js(double dim, double base, double length) {
  POSENC_CHECK(check_dim("dim", dim, true));
  POSENC_TRY(r, period_check(static_cast<int>(dim), base, length));
  val o = val::object();
  o.set("longest", r.longest);
  o.set("exceeds", r.exceeds);
  o.set("longest512", r.longest_512);
  o.set("minDim", r.min_dim);
  return o;
}

// Explicit frequencies: at most kMaxDim / 2 of them, each finite and > 0.
Result<std::vector<double>> frequencies_arg(val inv_freq) {
  auto f = js::to_finite(inv_freq, "invFreq");
  if (!f.ok()) return f.status;
  if (f.value.empty() || f.value.size() > static_cast<std::size_t>(kMaxDim / 2)) {
    return Status::range("invFreq must list 1 to " + std::to_string(kMaxDim / 2) + " frequencies, got " + std::to_string(f.value.size()));
  }
  for (std::size_t i = 0; i < f.value.size(); ++i) {
    const std::string name = "invFreq[" + std::to_string(i) + "]";
    if (auto st = check_positive(name.c_str(), f.value[i]); !st.ok()) return st;
  }
  return f;
}

val dot_by_frequencies_js(val inv_freq, val offsets) {
  POSENC_TRY(f, frequencies_arg(inv_freq));
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  POSENC_CHECK(check_offsets(off));
  return js::f64(dot_by_frequencies(f, off));
}

val distance_by_frequencies_js(val inv_freq, val offsets) {
  POSENC_TRY(f, frequencies_arg(inv_freq));
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  POSENC_CHECK(check_offsets(off));
  return js::f64(distance_by_frequencies(f, off));
}

val dot_profile_js(double dim, double base, double max_offset, val starts) {
  POSENC_CHECK(check_dim("dim", dim, true));
  POSENC_CHECK(check_integer("maxOffset", max_offset, 1, kMaxFitPositions));
  POSENC_TRY(s, js::to_finite(starts, "starts"));
  if (dim > kMaxFitDim) {
    return js::error_val(Status::range("dim must be at most " + std::to_string(kMaxFitDim) + " here, got " + format_number(dim)));
  }
  POSENC_TRY(r, dot_profile(static_cast<int>(dim), base, static_cast<int>(max_offset), s));
  val o = val::object();
  o.set("formula", js::f64(r.formula));
  val measured = val::array();
  for (const auto& m : r.measured) measured.call<void>("push", js::f64(m));
  o.set("measured", measured);
  o.set("measuredError", r.measured_error);
  o.set("normMin", r.norm_min);
  o.set("normMax", r.norm_max);
  o.set("normExpected", r.norm_expected);
  o.set("pairNormError", r.pair_norm_error);
  o.set("rises", r.rises);
  o.set("firstRise", r.first_rise);
  return o;
}

val closest_positions_js(double dim, double base, double count) {
  POSENC_CHECK(check_dim("dim", dim, true));
  POSENC_CHECK(check_integer("count", count, 2, kMaxOffsets));
  POSENC_TRY(r, closest_positions(static_cast<int>(dim), base, static_cast<int>(count)));
  val o = val::object();
  o.set("a", r.a);
  o.set("b", r.b);
  o.set("distance", r.distance);
  return o;
}

val pca_shape_js(val x) {
  POSENC_TRY(m, js::to_matrix(x, "x"));
  POSENC_TRY(r, pca_shape(m));
  val o = val::object();
  o.set("coords", js::matrix_val(r.coords));
  o.set("explained", js::f64(r.explained));
  o.set("sweptDeg", r.swept_deg);
  return o;
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
  function("wavelengths", &wavelengths_js);
  function("periodCheck", &period_check_js);
  function("dotByFrequencies", &dot_by_frequencies_js);
  function("distanceByFrequencies", &distance_by_frequencies_js);
  function("dotProfile", &dot_profile_js);
  function("closestPositions", &closest_positions_js);
  function("pcaShape", &pca_shape_js);
}
