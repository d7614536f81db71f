// Embind: the "Why position" chapter's shuffle experiment on a toy self-attention layer.
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "permutation_inputs.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using js::val;

namespace {

val shuffle_demo_js(val x, val perm, val wq, val wk, val wv, val encoding, val queries) {
  POSENC_TRY(in, js::to_permutation_inputs(x, perm, wq, wk, wv, encoding));
  MatrixXd qs(0, in.wk.cols());
  if (!queries.isNull() && !queries.isUndefined()) {
    POSENC_TRY(qm, js::to_matrix(queries, "queries"));
    qs = qm;
  }
  POSENC_TRY(d, shuffle_demo(in.x, in.permutation, in.wq, in.wk, in.wv, in.encoding_ptr(), qs));
  val o = val::object();
  o.set("input", js::matrix_val(d.input));
  o.set("inputPermuted", js::matrix_val(d.input_permuted));
  o.set("y", js::matrix_val(d.y));
  o.set("yPermuted", js::matrix_val(d.y_permuted));
  o.set("permutedY", js::matrix_val(d.permuted_y));
  o.set("weights", js::matrix_val(d.weights));
  o.set("weightsPermuted", js::matrix_val(d.weights_permuted));
  o.set("equivarianceGap", d.equivariance_gap);
  o.set("invarianceGap", d.invariance_gap);
  o.set("weightsGap", d.weights_gap);
  o.set("tokenChange", js::f64(d.token_change));
  o.set("pooled", js::f64(d.pooled));
  o.set("pooledPermuted", js::f64(d.pooled_permuted));
  o.set("pooledGap", d.pooled_gap);
  o.set("cross", js::matrix_val(d.cross));
  o.set("crossPermuted", js::matrix_val(d.cross_permuted));
  o.set("crossGap", d.cross_gap);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_permutation) {
  emscripten::function("shuffleDemo", &shuffle_demo_js);
}
