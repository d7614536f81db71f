// Embind: the measurements behind the Errata chapter's checks (analysis_checks.hpp). Every argument
// is validated here or in the core; a bad one comes back as a RangeError naming it.
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/analysis.hpp"
#include "posenc/analysis_checks.hpp"
#include "posenc/limits.hpp"

using namespace posenc;
using js::val;

namespace {

Eigen::Map<const VectorXd> as_vector(const std::vector<double>& v) {
  return {v.data(), static_cast<Eigen::Index>(v.size())};
}

val ints(const std::vector<int>& v) { return js::typed_copy(v.data(), v.size()); }

val max_abs_difference_js(val a, val b, bool transpose_b) {
  POSENC_TRY(am, js::to_matrix(a, "a"));
  POSENC_TRY(bm, js::to_matrix(b, "b"));
  POSENC_TRY(d, max_abs_difference(am, bm, transpose_b));
  return val(d);
}

val gram_js(val x) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  return js::matrix_val(gram(xm));
}

val row_norms_js(val x) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  return js::f64(row_norms(xm));
}

val row_ranges_js(val x) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  return js::f64(row_ranges(xm));
}

val closest_pair_js(val x, val columns) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_TRY(cols, js::to_indices(columns, "columns"));
  POSENC_TRY(c, closest_pair(xm, cols));
  val o = val::object();
  o.set("i", c.i);
  o.set("j", c.j);
  o.set("distance", c.distance);
  return o;
}

val sequence_stats_js(val values) {
  POSENC_TRY(v, js::to_finite(values, "values"));
  if (v.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return js::error_val(Status::range("values must have at most " + std::to_string(kMaxOffsets) + " entries"));
  }
  POSENC_TRY(s, sequence_stats(v));
  val o = val::object();
  o.set("min", s.min);
  o.set("max", s.max);
  o.set("maxAbs", s.max_abs);
  o.set("distinct", s.distinct);
  o.set("increases", s.increases);
  o.set("firstIncrease", s.first_increase);
  return o;
}

val frequency_table_js(double dim, double base, double position) {
  POSENC_TRY(t, frequency_table(dim, base, position));
  val o = val::object();
  o.set("invFreq", js::f64(t.inv_freq));
  o.set("divisor", js::f64(t.divisor));
  o.set("period", js::f64(t.period));
  o.set("angle", js::f64(t.angle));
  return o;
}

val offset_distances_js(double dim, double base, val offsets) {
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  POSENC_TRY(d, offset_distances(dim, base, off));
  return js::f64(d);
}

val closest_offset_js(double dim, double base, double max_offset) {
  POSENC_TRY(c, closest_offset(dim, base, max_offset));
  val o = val::object();
  o.set("offset", c.offset);
  o.set("distance", c.distance);
  return o;
}

val sinusoidal_nearest_js(double dim, double base, double positions, val point) {
  POSENC_TRY(p, js::to_finite(point, "point"));
  POSENC_TRY(n, sinusoidal_nearest(dim, base, positions, p));
  val o = val::object();
  o.set("position", n.position);
  o.set("distance", n.distance);
  return o;
}

val numerical_rank_js(val x, double tolerance) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_CHECK(check_finite("tolerance", tolerance));
  if (static_cast<double>(xm.rows()) * static_cast<double>(xm.cols()) > 1024.0 * 1024.0) {
    return js::error_val(Status::range("x must have at most 1048576 entries for a singular value decomposition, got " +
                                       format_number(static_cast<double>(xm.size()))));
  }
  POSENC_TRY(r, numerical_rank(xm, tolerance));
  val o = val::object();
  o.set("rank", r.rank);
  o.set("singularValues", js::f64(r.singular_values));
  return o;
}

val swept_angle_js(val points) {
  POSENC_TRY(p, js::to_matrix(points, "points"));
  POSENC_TRY(t, swept_angle(p));
  val o = val::object();
  o.set("degrees", t.degrees);
  o.set("gap", t.gap);
  return o;
}

val linear_shift_residual_js(val x, double k) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_CHECK(check_integer("k", k, 1, kMaxMatrixSide));
  POSENC_TRY(r, linear_shift_residual(xm, static_cast<int>(k)));
  return val(r);
}

val exp_form_check_js(double dim, double base) {
  POSENC_TRY(e, exp_form_check(dim, base));
  val o = val::object();
  o.set("natural", e.natural);
  o.set("log10", e.log10);
  return o;
}

val permutation_report_js(val x, val perm, val wq, val wk, val wv) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_TRY(pv, js::to_indices(perm, "permutation"));
  POSENC_TRY(q, js::to_matrix(wq, "wq"));
  POSENC_TRY(k, js::to_matrix(wk, "wk"));
  POSENC_TRY(v, js::to_matrix(wv, "wv"));
  POSENC_TRY(r, permutation_report(xm, pv, q, k, v));
  val o = val::object();
  o.set("equivariance", r.equivariance);
  o.set("invariance", r.invariance);
  o.set("weightsChange", r.weights_change);
  o.set("weightsConjugation", r.weights_conjugation);
  o.set("pooledChange", r.pooled_change);
  o.set("weightSum", r.weight_sum);
  o.set("outputCols", r.output_cols);
  return o;
}

val causal_report_js(val x, val wq, val wk, val wv, double change_from, double delta) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_TRY(q, js::to_matrix(wq, "wq"));
  POSENC_TRY(k, js::to_matrix(wk, "wk"));
  POSENC_TRY(v, js::to_matrix(wv, "wv"));
  POSENC_CHECK(check_integer("changeFrom", change_from, 1, kMaxMatrixSide));
  POSENC_TRY(r, causal_report(xm, q, k, v, static_cast<int>(change_from), delta));
  val o = val::object();
  o.set("maxMaskedWeight", r.max_masked_weight);
  o.set("minUnmaskedWeight", r.min_unmasked_weight);
  o.set("maxChangeBefore", r.max_change_before);
  return o;
}

val concat_versus_add_js(val x, val p, val w) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_TRY(pm, js::to_matrix(p, "p"));
  POSENC_TRY(wm, js::to_matrix(w, "w"));
  POSENC_TRY(d, concat_versus_add(xm, pm, wm));
  return val(d);
}

val bag_compare_js(val a, val b, val wq, val wk, val wv) {
  POSENC_TRY(am, js::to_matrix(a, "a"));
  POSENC_TRY(bm, js::to_matrix(b, "b"));
  POSENC_TRY(q, js::to_matrix(wq, "wq"));
  POSENC_TRY(k, js::to_matrix(wk, "wk"));
  POSENC_TRY(v, js::to_matrix(wv, "wv"));
  POSENC_TRY(d, bag_compare(am, bm, q, k, v));
  return val(d);
}

val offset_agreement_js(val a, val b) {
  POSENC_TRY(av, js::to_finite(a, "a"));
  POSENC_TRY(bv, js::to_finite(b, "b"));
  POSENC_TRY(r, offset_agreement(av, bv));
  val o = val::object();
  o.set("a", js::matrix_val(r.a));
  o.set("b", js::matrix_val(r.b));
  o.set("equalPairs", r.equal_pairs);
  o.set("pairs", r.pairs);
  return o;
}

val four_terms_residual_js(val x, val p, val wq, val wk) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_TRY(pm, js::to_matrix(p, "p"));
  POSENC_TRY(q, js::to_matrix(wq, "wq"));
  POSENC_TRY(k, js::to_matrix(wk, "wk"));
  POSENC_TRY(r, four_terms_residual(xm, pm, q, k));
  val o = val::object();
  o.set("sumVsScores", r.sum_vs_scores);
  o.set("totalVsScores", r.total_vs_scores);
  return o;
}

val rope_score_js(val q, val k, double m, double n, val inv_freq, val project) {
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  if (qv.size() > static_cast<std::size_t>(kMaxDim)) {
    return js::error_val(Status::range("q must have at most " + std::to_string(kMaxDim) + " entries"));
  }
  const bool projected = !project.isNull() && !project.isUndefined();
  MatrixXd w;
  if (projected) {
    POSENC_TRY(wm, js::to_matrix(project, "project"));
    w = wm;
  }
  POSENC_TRY(s, rope_score(as_vector(qv), as_vector(kv), m, n, inv, projected ? &w : nullptr));
  return val(s);
}

val rotation_identity_js(double dim, double base, double m, double n) {
  if (dim > kMaxMatrixSide) {
    return js::error_val(Status::range("dim must be an even integer from 2 to " + std::to_string(kMaxMatrixSide) +
                                       ", got " + format_number(dim)));
  }
  POSENC_TRY(d, rotation_identity(dim, base, m, n));
  return val(d);
}

val complex_rope_score_js(val q, val k, double m, double n, double theta) {
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(s, complex_rope_score(as_vector(qv), as_vector(kv), m, n, theta));
  return val(s);
}

val text_find_js(std::string text, std::string needle) {
  POSENC_TRY(lines, text_find(text, needle));
  return ints(lines);
}

val line_info_js(std::string text, double line) {
  POSENC_CHECK(check_integer("line", line, 1, kMaxTextBytes));
  POSENC_TRY(r, line_info(text, static_cast<int>(line)));
  val o = val::object();
  o.set("text", r.text);
  o.set("fields", r.fields);
  o.set("endsSentence", r.ends_sentence);
  o.set("endsWithColon", r.ends_with_colon);
  o.set("nextNonEmpty", r.next_non_empty);
  o.set("nextText", r.next_text);
  o.set("nextEndsWithColon", r.next_ends_with_colon);
  return o;
}

val display_math_scan_js(std::string text) {
  if (static_cast<double>(text.size()) > kMaxTextBytes) {
    return js::error_val(Status::range("text must have at most " + format_number(kMaxTextBytes) + " bytes"));
  }
  const auto d = display_math_scan(text);
  std::vector<int> empty(d.empty.begin(), d.empty.end());
  val o = val::object();
  o.set("count", d.count);
  o.set("openLine", ints(d.open_line));
  o.set("closeLine", ints(d.close_line));
  o.set("empty", ints(empty));
  o.set("unclosedLine", d.unclosed_line);
  return o;
}

val inline_math_space_js(std::string text) {
  if (static_cast<double>(text.size()) > kMaxTextBytes) {
    return js::error_val(Status::range("text must have at most " + format_number(kMaxTextBytes) + " bytes"));
  }
  return ints(inline_math_space(text));
}

val markdown_headings_js(std::string text) {
  if (static_cast<double>(text.size()) > kMaxTextBytes) {
    return js::error_val(Status::range("text must have at most " + format_number(kMaxTextBytes) + " bytes"));
  }
  const auto h = markdown_headings(text);
  val o = val::object();
  o.set("lines", ints(h.lines));
  o.set("levels", ints(h.levels));
  o.set("fences", h.fences);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_checks) {
  using emscripten::function;
  function("maxAbsDifference", &max_abs_difference_js);
  function("gram", &gram_js);
  function("rowNorms", &row_norms_js);
  function("rowRanges", &row_ranges_js);
  function("closestPair", &closest_pair_js);
  function("sequenceStats", &sequence_stats_js);
  function("frequencyTable", &frequency_table_js);
  function("offsetDistances", &offset_distances_js);
  function("closestOffset", &closest_offset_js);
  function("sinusoidalNearest", &sinusoidal_nearest_js);
  function("numericalRank", &numerical_rank_js);
  function("sweptAngle", &swept_angle_js);
  function("linearShiftResidual", &linear_shift_residual_js);
  function("expFormCheck", &exp_form_check_js);
  function("permutationReport", &permutation_report_js);
  function("causalReport", &causal_report_js);
  function("concatVersusAdd", &concat_versus_add_js);
  function("bagCompare", &bag_compare_js);
  function("offsetAgreement", &offset_agreement_js);
  function("fourTermsResidual", &four_terms_residual_js);
  function("ropeScore", &rope_score_js);
  function("rotationIdentity", &rotation_identity_js);
  function("complexRopeScore", &complex_rope_score_js);
  function("textFind", &text_find_js);
  function("lineInfo", &line_info_js);
  function("displayMathScan", &display_math_scan_js);
  function("inlineMathScan", &inline_math_space_js);
  function("markdownHeadings", &markdown_headings_js);
}
