// Embind: the "Design history" chapter's measurements (integer and [0, 1] labels, binary codes,
// the sin-only shift that no linear map achieves, the sin+cos pairs as clock hands).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/analysis.hpp"
#include "posenc/limits.hpp"

using namespace posenc;
using js::val;

namespace {

val integer_labels_js(val tokens, double length, double train_length) {
  POSENC_TRY(t, js::to_matrix(tokens, "tokens"));
  POSENC_CHECK(check_integer("length", length, 1, kMaxTableRows));
  POSENC_CHECK(check_integer("trainLength", train_length, 1, kMaxTableRows));
  POSENC_TRY(r, integer_labels(t, static_cast<int>(length), static_cast<int>(train_length)));
  val o = val::object();
  o.set("similarity", js::f64(r.similarity));
  o.set("similarityAt0", r.similarity_at_0);
  o.set("similarityLast", r.similarity_last);
  o.set("largestLabel", r.largest_label);
  o.set("largestSeen", r.largest_seen);
  o.set("unseen", static_cast<double>(r.unseen));
  o.set("typicalEntry", r.typical_entry);
  return o;
}

val normalized_rulers_js(val lengths) {
  POSENC_TRY(ls, js::to_finite(lengths, "lengths"));
  POSENC_TRY(r, normalized_rulers(ls));
  val a = val::array();
  for (const auto& ruler : r) {
    val o = val::object();
    o.set("values", js::f64(ruler.values));
    o.set("gap", ruler.gap);
    a.call<void>("push", o);
  }
  return a;
}

val binary_steps_js(double bits, double step) {
  POSENC_CHECK(check_integer("bits", bits, 1, 16));
  POSENC_TRY(r, binary_steps(static_cast<int>(bits), step));
  val o = val::object();
  o.set("flips", js::f64(r.flips));
  o.set("distance", js::f64(r.distance));
  o.set("flippedColumns", js::f64(r.flipped_columns));
  o.set("stepFlips", r.step_flips);
  o.set("smallest", r.smallest);
  o.set("largest", r.largest);
  return o;
}

val shift_prediction_js(double k, double dim, double base, double n, double features) {
  if (features != 0 && features != 1) return js::error_val(Status::range("features must be 'sincos' or 'sin'"));
  POSENC_CHECK(check_dim("dim", dim, true));
  POSENC_CHECK(check_integer("n", n, 2, kMaxFitPositions));
  POSENC_TRY(r, shift_prediction(k, static_cast<int>(dim), base, static_cast<int>(n), static_cast<int>(features)));
  val o = val::object();
  o.set("target", js::matrix_val(r.target));
  o.set("predicted", js::matrix_val(r.predicted));
  o.set("columnError", js::f64(r.column_error));
  o.set("worstColumn", r.worst_column);
  o.set("worstPosition", r.worst_position);
  o.set("relativeResidual", r.relative_residual);
  o.set("m", js::matrix_val(r.m));
  o.set("closestA", r.closest_a);
  o.set("closestB", r.closest_b);
  o.set("closestDistance", r.closest_distance);
  if (features == 0) {
    o.set("exact", js::matrix_val(r.exact));
    o.set("exactGap", r.exact_gap);
  }
  return o;
}

val closest_rows_js(val x) {
  POSENC_TRY(m, js::to_matrix(x, "x"));
  POSENC_TRY(r, closest_rows(m));
  val o = val::object();
  o.set("a", r.a);
  o.set("b", r.b);
  o.set("distance", r.distance);
  return o;
}

val pair_hands_js(double pos, double k, double dim, double base) {
  POSENC_CHECK(check_dim("dim", dim, true));
  POSENC_TRY(r, pair_hands(pos, k, static_cast<int>(dim), base));
  val o = val::object();
  o.set("at", js::f64(r.at));
  o.set("shifted", js::f64(r.shifted));
  o.set("angleDeg", js::f64(r.angle_deg));
  o.set("shiftedDeg", js::f64(r.shifted_deg));
  o.set("turnDeg", js::f64(r.turn_deg));
  o.set("turns", js::f64(r.turns));
  o.set("rotationError", r.rotation_error);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_history) {
  using emscripten::function;
  function("integerLabels", &integer_labels_js);
  function("normalizedRulers", &normalized_rulers_js);
  function("binarySteps", &binary_steps_js);
  function("shiftPrediction", &shift_prediction_js);
  function("closestRows", &closest_rows_js);
  function("pairHands", &pair_hands_js);
}
