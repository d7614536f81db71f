// Embind: the "Attention scores" chapter's figures (four terms, one repeated word, the position term
// along its diagonals, the causal mask). Every argument is checked in the core (analysis_scores.cpp).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using js::val;

namespace {

val profile_val(const DiagonalProfile& p) {
  val o = val::object();
  o.set("offsets", js::f64(p.offsets));
  o.set("min", js::f64(p.min));
  o.set("max", js::f64(p.max));
  o.set("spread", p.spread);
  o.set("range", p.range);
  o.set("relativeSpread", p.relative_spread);
  return o;
}

val four_terms_view_js(double n, double dim, double seed, bool identity) {
  POSENC_TRY(v, four_terms_view(n, dim, seed, identity));
  val o = val::object();
  o.set("contentContent", js::matrix_val(v.terms.cc));
  o.set("contentPosition", js::matrix_val(v.terms.cp));
  o.set("positionContent", js::matrix_val(v.terms.pc));
  o.set("positionPosition", js::matrix_val(v.terms.pp));
  o.set("total", js::matrix_val(v.terms.total));
  o.set("sharedScale", v.shared_scale);
  o.set("sumResidual", v.sum_residual);
  o.set("rms", js::f64(std::vector<double>(v.rms.begin(), v.rms.end())));
  o.set("transposeGap", v.transpose_gap);
  o.set("ppRelativeSpread", v.pp_relative_spread);
  return o;
}

val repeated_word_row_js(double n, double dim, double seed, bool identity, double query) {
  POSENC_TRY(r, repeated_word_row(n, dim, seed, identity, query));
  val o = val::object();
  o.set("withoutPosition", js::f64(r.without_position));
  o.set("withPosition", js::f64(r.with_position));
  o.set("contentContent", js::f64(r.cc));
  o.set("contentPosition", js::f64(r.cp));
  o.set("positionContent", js::f64(r.pc));
  o.set("positionPosition", js::f64(r.pp));
  o.set("withoutSpread", r.without_spread);
  o.set("withSpread", r.with_spread);
  o.set("argmax", r.argmax);
  o.set("uniformWeight", r.uniform_weight);
  o.set("topWeight", r.top_weight);
  return o;
}

val position_diagonals_js(double n, double dim, double seed) {
  POSENC_TRY(d, position_diagonals(n, dim, seed));
  val o = val::object();
  o.set("identity", profile_val(d.identity));
  o.set("projected", profile_val(d.projected));
  return o;
}

val causal_view_js(double n, double dim, double seed, bool identity, bool causal) {
  POSENC_TRY(v, causal_view(n, dim, seed, identity, causal));
  val o = val::object();
  o.set("scores", js::matrix_val(v.scores));
  o.set("weights", js::matrix_val(v.weights));
  o.set("futureWeight", v.future_weight);
  o.set("rowSumError", v.row_sum_error);
  o.set("leak", v.leak);
  return o;
}

val diagonal_profile_js(val m) {
  POSENC_TRY(mm, js::to_matrix(m, "m"));
  return profile_val(diagonal_profile(mm));
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_scores) {
  using emscripten::function;
  function("fourTermsView", &four_terms_view_js);
  function("repeatedWordRow", &repeated_word_row_js);
  function("positionDiagonals", &position_diagonals_js);
  function("causalView", &causal_view_js);
  function("diagonalProfile", &diagonal_profile_js);
}
