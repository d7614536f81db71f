// Embind: toy attention for the page (scores, weights, outputs, the four terms, permutation checks).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "permutation_inputs.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using js::val;

namespace {

val attention_val(const Attention& a) {
  val o = val::object();
  o.set("scores", js::matrix_val(a.scores));
  o.set("weights", js::matrix_val(a.weights));
  o.set("output", js::matrix_val(a.output));
  return o;
}

val attention_js(val q, val k, val v, bool causal) {
  POSENC_TRY(qm, js::to_matrix(q, "q"));
  POSENC_TRY(km, js::to_matrix(k, "k"));
  POSENC_TRY(vm, js::to_matrix(v, "v"));
  POSENC_TRY(a, attention(qm, km, vm, causal));
  return attention_val(a);
}

val self_attention_js(val x, val wq, val wk, val wv, bool causal) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_TRY(q, js::to_matrix(wq, "wq"));
  POSENC_TRY(k, js::to_matrix(wk, "wk"));
  POSENC_TRY(v, js::to_matrix(wv, "wv"));
  POSENC_TRY(a, self_attention(xm, q, k, v, causal));
  return attention_val(a);
}

val four_terms_js(val x, val p, val wq, val wk) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_TRY(pm, js::to_matrix(p, "p"));
  POSENC_TRY(q, js::to_matrix(wq, "wq"));
  POSENC_TRY(k, js::to_matrix(wk, "wk"));
  POSENC_TRY(t, four_terms(xm, pm, q, k));
  val o = val::object();
  o.set("contentContent", js::matrix_val(t.cc));
  o.set("contentPosition", js::matrix_val(t.cp));
  o.set("positionContent", js::matrix_val(t.pc));
  o.set("positionPosition", js::matrix_val(t.pp));
  o.set("total", js::matrix_val(t.total));
  return o;
}

val permutation_check_js(val x, val perm, val wq, val wk, val wv, val encoding) {
  POSENC_TRY(in, js::to_permutation_inputs(x, perm, wq, wk, wv, encoding));
  POSENC_TRY(c, permutation_check(in.x, in.permutation, in.wq, in.wk, in.wv, in.encoding_ptr()));
  val o = val::object();
  o.set("yOfPermuted", js::matrix_val(c.y_of_permuted));
  o.set("permutedY", js::matrix_val(c.permuted_y));
  o.set("maxAbsDifference", c.max_abs_difference);
  return o;
}

val cross_attention_check_js(val queries, val source, val perm, val wk, val wv) {
  POSENC_TRY(qm, js::to_matrix(queries, "queries"));
  POSENC_TRY(s, js::to_matrix(source, "source"));
  POSENC_TRY(pv, js::to_indices(perm, "permutation"));
  POSENC_TRY(k, js::to_matrix(wk, "wk"));
  POSENC_TRY(v, js::to_matrix(wv, "wv"));
  POSENC_TRY(c, cross_attention_check(qm, s, pv, k, v));
  val o = val::object();
  o.set("original", js::matrix_val(c.original));
  o.set("permuted", js::matrix_val(c.permuted));
  o.set("maxAbsDifference", c.max_abs_difference);
  return o;
}

// A·B, for the page's small worked examples (e.g. seed 004's F.linear, which is X·Wᵀ).
val matmul_js(val a, val b) {
  POSENC_TRY(am, js::to_matrix(a, "a"));
  POSENC_TRY(bm, js::to_matrix(b, "b"));
  if (am.cols() != bm.rows()) {
    return js::error_val(Status::range("a has " + std::to_string(am.cols()) + " columns but b has " +
                                       std::to_string(bm.rows()) + " rows"));
  }
  return js::matrix_val(am * bm);
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_attention) {
  using emscripten::function;
  function("attention", &attention_js);
  function("selfAttention", &self_attention_js);
  function("fourTerms", &four_terms_js);
  function("permutationCheck", &permutation_check_js);
  function("crossAttentionCheck", &cross_attention_check_js);
  function("matmul", &matmul_js);
}
