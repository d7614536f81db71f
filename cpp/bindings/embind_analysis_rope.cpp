// Embind: RoPE measurements in float64 (rotations shown on the page, the cos/sin split, the decay bound).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/analysis.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

using namespace posenc;
using js::val;

namespace {

Eigen::Map<const VectorXd> as_vector(const std::vector<double>& v) {
  return {v.data(), static_cast<Eigen::Index>(v.size())};
}

Status check_layout(double layout) {
  if (layout != 0 && layout != 1) return Status::range("layout must be 'interleaved' or 'half'");
  return Status::success();
}

val rope_split_js(val q, val k, double delta, val inv_freq) {
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(s, rope_split(as_vector(qv), as_vector(kv), delta, inv));
  val o = val::object();
  o.set("cosTerm", js::f64(s.cos_term));
  o.set("sinTerm", js::f64(s.sin_term));
  o.set("direct", js::f64(s.direct));
  return o;
}

val rope_decay_bound_js(val inv_freq, val offsets) {
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  if (inv.empty()) return js::error_val(Status::range("invFreq must not be empty"));
  if (off.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return js::error_val(Status::range("offsets must have at most " + std::to_string(kMaxOffsets) + " entries"));
  }
  return js::f64(rope_decay_bound(inv, off));
}

val rope_rotate_js(val x, double position, val inv_freq, double layout, double attention_factor) {
  POSENC_CHECK(check_layout(layout));
  POSENC_TRY(xv, js::to_finite(x, "x"));
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_CHECK(check_frequencies(inv.data(), inv.size(), attention_factor));
  POSENC_CHECK(check_finite("position", position));
  if (xv.size() < 2 * inv.size()) {
    return js::error_val(Status::range("x must have at least 2 × invFreq.length = " + std::to_string(2 * inv.size()) +
                                       " entries, got " + std::to_string(xv.size())));
  }
  const auto y = rope_rotate(as_vector(xv), position, inv, static_cast<RopeLayout>(layout), attention_factor);
  return js::typed_copy(y.data(), static_cast<std::size_t>(y.size()));
}

val rope_rotate_2d_js(val x, double px, double py, double base, double layout) {
  POSENC_CHECK(check_layout(layout));
  POSENC_TRY(xv, js::to_finite(x, "x"));
  POSENC_TRY(y, rope_rotate_2d(as_vector(xv), px, py, base, static_cast<RopeLayout>(layout)));
  return js::typed_copy(y.data(), static_cast<std::size_t>(y.size()));
}

// --- the RoPE chapter's figures ------------------------------------------------------------------

val angle_val(const ShownAngle& a) {
  val o = val::object();
  o.set("radians", a.radians);
  o.set("degrees", a.degrees);
  o.set("turns", a.turns);
  return o;
}

val vec2(const Eigen::Vector2d& v) {
  const std::vector<double> x = {v(0), v(1)};
  return js::f64(x);
}

val vecx(const VectorXd& v) { return js::typed_copy(v.data(), static_cast<std::size_t>(v.size())); }

val ints(const std::vector<int>& v) { return js::f64(std::vector<double>(v.begin(), v.end())); }

val rope_plane_js(val q, val k, double q_scale, double m, double n, double theta_deg, val same_gap, val offsets) {
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(gaps, js::to_finite(same_gap, "sameGap"));
  POSENC_TRY(offs, js::to_finite(offsets, "offsets"));
  POSENC_TRY(p, rope_plane(as_vector(qv), as_vector(kv), q_scale, m, n, theta_deg, gaps, offs));
  val o = val::object();
  o.set("q", vec2(p.q));
  o.set("k", vec2(p.k));
  o.set("qRot", vec2(p.q_rot));
  o.set("kRot", vec2(p.k_rot));
  o.set("turnQ", angle_val(p.turn_q));
  o.set("turnK", angle_val(p.turn_k));
  o.set("dirQ", angle_val(p.dir_q));
  o.set("dirK", angle_val(p.dir_k));
  o.set("between", angle_val(p.between));
  o.set("dot", p.dot);
  o.set("normQ", p.norm_q);
  o.set("normK", p.norm_k);
  o.set("amplitude", p.amplitude);
  o.set("complexScore", p.complex_score);
  o.set("gapScores", js::f64(p.gap_scores));
  o.set("gapSpread", p.gap_spread);
  o.set("gap", p.gap);
  o.set("gapN", js::f64(p.gap_n));
  o.set("gapQRot", js::f64(p.gap_q_rot));
  o.set("gapKRot", js::f64(p.gap_k_rot));
  o.set("gapBetween", js::f64(p.gap_between));
  o.set("offsetScores", js::f64(p.offset_scores));
  return o;
}

val rope_turn_js(val x, double angle_deg) {
  POSENC_TRY(xv, js::to_finite(x, "x"));
  POSENC_TRY(t, rope_turn(as_vector(xv), angle_deg));
  val o = val::object();
  o.set("rotated", vec2(t.rotated));
  o.set("angle", angle_val(t.angle));
  o.set("cross", t.cross);
  return o;
}

val rope_angles_js(val inv_freq, double position) {
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(a, rope_angles(inv, position));
  val o = val::object();
  o.set("theta", js::f64(a.theta));
  o.set("radians", js::f64(a.radians));
  o.set("degrees", js::f64(a.degrees));
  o.set("turns", js::f64(a.turns));
  o.set("cos", js::f64(a.cos));
  o.set("sin", js::f64(a.sin));
  return o;
}

val rope_layouts_js(val x, double position, val inv_freq, double layout) {
  POSENC_CHECK(check_layout(layout));
  POSENC_TRY(xv, js::to_finite(x, "x"));
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(r, rope_layouts(as_vector(xv), position, inv, static_cast<RopeLayout>(layout)));
  val o = val::object();
  o.set("pair", ints(r.pair));
  o.set("partner", ints(r.partner));
  o.set("rotated", js::f64(r.rotated));
  o.set("cos", js::f64(r.cos));
  o.set("sin", js::f64(r.sin));
  o.set("result", vecx(r.result));
  o.set("matrixResult", vecx(r.matrix_result));
  o.set("perm", ints(r.perm));
  o.set("permuted", vecx(r.permuted));
  o.set("interleaved", vecx(r.interleaved));
  o.set("halfOfPermuted", vecx(r.half_of_permuted));
  o.set("maxAbsDifference", r.max_abs_difference);
  o.set("maxFormDifference", r.max_form_difference);
  return o;
}

val rope_relative_scores_js(val q, val k, double count, val inv_freq) {
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(r, rope_relative_scores(as_vector(qv), as_vector(kv), count, inv));
  val o = val::object();
  o.set("scores", js::matrix_val(r.scores));
  o.set("maxDiagonalDeviation", r.max_diagonal_deviation);
  return o;
}

val rope_shift_scores_js(val q, val k, double gap, double count, double base) {
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(r, rope_shift_scores(as_vector(qv), as_vector(kv), gap, count, base));
  val o = val::object();
  o.set("additive", js::f64(r.additive));
  o.set("rotary", js::f64(r.rotary));
  o.set("additiveSpread", r.additive_spread);
  o.set("rotarySpread", r.rotary_spread);
  return o;
}

val rope_demo_js(val tokens, val wq, val wk, val angles_deg) {
  POSENC_TRY(x, js::to_matrix(tokens, "tokens"));
  POSENC_TRY(q, js::to_matrix(wq, "wq"));
  POSENC_TRY(k, js::to_matrix(wk, "wk"));
  POSENC_TRY(a, js::to_finite(angles_deg, "anglesDeg"));
  POSENC_TRY(r, rope_demo(x, q, k, a));
  val o = val::object();
  o.set("q", js::matrix_val(r.q));
  o.set("k", js::matrix_val(r.k));
  o.set("qRot", js::matrix_val(r.q_rot));
  o.set("kRot", js::matrix_val(r.k_rot));
  o.set("scores", js::matrix_val(r.scores));
  o.set("weights", js::matrix_val(r.weights));
  o.set("output", js::matrix_val(r.output));
  o.set("dots", js::matrix_val(r.dots));
  o.set("claimed", js::matrix_val(r.claimed));
  o.set("sinTerm", js::matrix_val(r.sin_term));
  return o;
}

val rope_decay_js(val inv_freq, val offsets, val q, val k) {
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(r, rope_decay(inv, off, as_vector(qv), as_vector(kv)));
  val o = val::object();
  o.set("bound", js::f64(r.bound));
  o.set("relativeBound", js::f64(r.relative_bound));
  o.set("ones", js::f64(r.ones));
  o.set("pair", js::f64(r.pair));
  o.set("rises", r.rises);
  o.set("steps", r.steps);
  o.set("firstRise", r.first_rise);
  return o;
}

val count_rises_js(val values, val offsets) {
  POSENC_TRY(v, js::to_finite(values, "values"));
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  POSENC_TRY(r, count_rises(v, off));
  val o = val::object();
  o.set("rises", r.rises);
  o.set("steps", r.steps);
  o.set("firstRise", r.first_rise);
  return o;
}

val rope_2d_scores_js(val q, val k, double grid, double shift_x, double shift_y, double base) {
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(r, rope_2d_scores(as_vector(qv), as_vector(kv), grid, shift_x, shift_y, base));
  val o = val::object();
  o.set("scores", js::matrix_val(r.scores));
  o.set("shifted", js::matrix_val(r.shifted));
  o.set("maxAbsDifference", r.max_abs_difference);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_rope) {
  using emscripten::function;
  function("ropeSplit", &rope_split_js);
  function("ropeDecayBound", &rope_decay_bound_js);
  function("ropeRotate", &rope_rotate_js);
  function("ropeRotate2d", &rope_rotate_2d_js);
  function("ropePlane", &rope_plane_js);
  function("ropeTurn", &rope_turn_js);
  function("ropeAngles", &rope_angles_js);
  function("ropeLayouts", &rope_layouts_js);
  function("ropeRelativeScores", &rope_relative_scores_js);
  function("ropeShiftScores", &rope_shift_scores_js);
  function("ropeDemo", &rope_demo_js);
  function("ropeDecay", &rope_decay_js);
  function("rope2dScores", &rope_2d_scores_js);
  function("countRises", &count_rises_js);
}
