// Embind: the "Longer contexts" chapter's measurements (scalings at L and L′, long-range scores,
// ALiBi's penalty), float64.
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using js::val;

namespace {

val angle_val(const ShownAngle& a) {
  val o = val::object();
  o.set("radians", a.radians);
  o.set("degrees", a.degrees);
  o.set("turns", a.turns);
  return o;
}

val bands_val(const ScalingBands& b) {
  val o = val::object();
  o.set("kept", b.kept);
  o.set("blended", b.blended);
  o.set("divided", b.divided);
  o.set("firstBlended", b.first_blended);
  o.set("firstDivided", b.first_divided);
  return o;
}

val scaling_bands_js(val plain, val scaled, double factor) {
  POSENC_TRY(p, js::to_finite(plain, "plain"));
  POSENC_TRY(s, js::to_finite(scaled, "scaled"));
  POSENC_TRY(b, scaling_bands(p, s, factor));
  return bands_val(b);
}

val context_frequencies_js(double dim, double base, double l_train, double l_target, double beta_fast, double beta_slow,
                           double low_ff, double high_ff) {
  POSENC_TRY(f, context_frequencies(dim, base, l_train, l_target, beta_fast, beta_slow, low_ff, high_ff));
  val o = val::object();
  o.set("factor", f.factor);
  o.set("needsScaling", f.needs_scaling);
  o.set("invFreq", js::f64(f.inv_freq));
  o.set("wavelength", js::f64(f.wavelength));
  o.set("seenTurns", js::f64(f.seen_turns));
  o.set("targetTurns", js::f64(f.target_turns));
  o.set("unseen", f.unseen);
  o.set("firstUnseen", f.first_unseen);
  o.set("slowestAtTrain", angle_val(f.slowest_at_train));
  o.set("slowestAtTarget", angle_val(f.slowest_at_target));
  val list = val::array();
  for (const auto& c : f.scalings) {
    val s = val::object();
    s.set("kind", c.kind);
    s.set("error", c.error);
    s.set("invFreq", js::f64(c.inv_freq));
    s.set("slowdown", js::f64(c.slowdown));
    s.set("wavelength", js::f64(c.wavelength));
    s.set("attentionFactor", c.attention_factor);
    s.set("bands", bands_val(c.bands));
    val rs = val::object();
    rs.set("rope_type", c.scaling.rope_type);
    rs.set("factor", c.scaling.factor);
    if (c.kind == "dynamic") {
      rs.set("max_position_embeddings", c.scaling.max_position_embeddings);
      rs.set("seq_len", c.scaling.seq_len);
    } else if (c.kind == "yarn") {
      rs.set("original_max_position_embeddings", c.scaling.original_max_position_embeddings);
      rs.set("beta_fast", c.scaling.beta_fast);
      rs.set("beta_slow", c.scaling.beta_slow);
    } else if (c.kind == "llama3") {
      rs.set("original_max_position_embeddings", c.scaling.original_max_position_embeddings);
      rs.set("low_freq_factor", c.scaling.low_freq_factor);
      rs.set("high_freq_factor", c.scaling.high_freq_factor);
    }
    s.set("scaling", rs);
    list.call<void>("push", s);
  }
  o.set("scalings", list);
  return o;
}

val long_range_values_js(val inv_freq, double attention_factor, val offsets) {
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  POSENC_TRY(v, long_range_values(inv, attention_factor, off));
  return js::f64(v);
}

val long_range_envelope_js(val inv_freq, double attention_factor, double length, double columns, double first, double last,
                           bool log_spaced) {
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(e, long_range_envelope(inv, attention_factor, length, columns, first, last, log_spaced));
  val o = val::object();
  o.set("start", js::f64(e.start));
  o.set("lo", js::f64(e.lo));
  o.set("hi", js::f64(e.hi));
  return o;
}

val long_range_columns_js(double length, double columns, bool log_spaced) {
  POSENC_TRY(v, long_range_columns(length, columns, log_spaced));
  return js::f64(v);
}

val long_range_matrix_js(val inv_freq, double attention_factor, double length, double size) {
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(m, long_range_matrix(inv, attention_factor, length, size));
  val o = val::object();
  o.set("scores", js::matrix_val(m.scores));
  o.set("positions", js::f64(m.positions));
  return o;
}

val alibi_head_bias_js(double num_heads, double head, double length) {
  POSENC_TRY(b, alibi_head_bias(num_heads, head, length));
  return js::matrix_val(b);
}

val alibi_by_offset_js(double num_heads, val offsets) {
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  POSENC_TRY(b, alibi_by_offset(num_heads, off));
  return js::matrix_val(b);
}

val config_wavelengths_js(val inv_freq, val lengths) {
  POSENC_TRY(f, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(ls, js::to_finite(lengths, "lengths"));
  POSENC_TRY(c, config_wavelengths(f, ls));
  val o = val::object();
  o.set("wavelength", js::f64(c.wavelength));
  val beyond = val::array();
  for (int b : c.beyond) beyond.call<void>("push", b);
  o.set("beyond", beyond);
  o.set("slowestTurns", js::f64(c.slowest_turns));
  return o;
}

val mrope_scores_js(val q, val k, val inv_freq, val axes, double grid, double dt) {
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(f, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(a, js::to_finite(axes, "axes"));
  POSENC_TRY(r, mrope_scores(qv, kv, f, a, grid, dt));
  val o = val::object();
  o.set("total", js::matrix_val(r.total));
  o.set("time", js::matrix_val(r.time));
  o.set("height", js::matrix_val(r.height));
  o.set("width", js::matrix_val(r.width));
  o.set("atQuery", js::f64(std::vector<double>(r.at_query, r.at_query + 3)));
  o.set("timeSpread", r.time_spread);
  o.set("heightSpreadInRow", r.height_spread_in_row);
  o.set("widthSpreadInColumn", r.width_spread_in_column);
  o.set("heightChangeDown", r.height_change_down);
  o.set("widthChangeAcross", r.width_change_across);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_contexts) {
  using emscripten::function;
  function("scalingBands", &scaling_bands_js);
  function("configWavelengths", &config_wavelengths_js);
  function("mropeScores", &mrope_scores_js);
  function("contextFrequencies", &context_frequencies_js);
  function("longRangeValues", &long_range_values_js);
  function("longRangeEnvelope", &long_range_envelope_js);
  function("longRangeColumns", &long_range_columns_js);
  function("longRangeMatrix", &long_range_matrix_js);
  function("alibiHeadBias", &alibi_head_bias_js);
  function("alibiByOffset", &alibi_by_offset_js);
}
