// Embind: relative encodings for the page (bias matrices, Shaw's clipped embeddings, Transformer-XL terms).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/limits.hpp"
#include "posenc/relative.hpp"

using namespace posenc;
using js::val;

namespace {

val relative_bias_matrix_js(double len, val bias) {
  POSENC_CHECK(check_integer("length", len, 1, kMaxRelativeLength));
  POSENC_TRY(b, js::to_finite(bias, "bias"));
  POSENC_TRY(m, relative_bias_matrix(static_cast<int>(len), b));
  return js::matrix_val(m);
}

val shaw_indices_js(double len, double k) {
  POSENC_CHECK(check_integer("length", len, 1, kMaxRelativeLength));
  POSENC_CHECK(check_integer("k", k, 0, kMaxRelativeLength));
  POSENC_TRY(idx, shaw_relative_indices(static_cast<int>(len), static_cast<int>(k)));
  return js::matrix_val(idx.cast<double>());
}

val shaw_scores_js(val x, val wq, val wk, val a, double k) {
  POSENC_TRY(xm, js::to_matrix(x, "x"));
  POSENC_TRY(q, js::to_matrix(wq, "wq"));
  POSENC_TRY(km, js::to_matrix(wk, "wk"));
  POSENC_TRY(am, js::to_matrix(a, "a"));
  POSENC_CHECK(check_integer("k", k, 0, kMaxRelativeLength));
  POSENC_TRY(s, shaw_scores(xm, q, km, am, static_cast<int>(k)));
  return js::matrix_val(s);
}

val transformer_xl_js(val e, val r, val wq, val wke, val wkr, val u, val v) {
  POSENC_TRY(em, js::to_matrix(e, "e"));
  POSENC_TRY(rm, js::to_matrix(r, "r"));
  POSENC_TRY(q, js::to_matrix(wq, "wq"));
  POSENC_TRY(ke, js::to_matrix(wke, "wkE"));
  POSENC_TRY(kr, js::to_matrix(wkr, "wkR"));
  POSENC_TRY(uv, js::to_finite(u, "u"));
  POSENC_TRY(vv, js::to_finite(v, "v"));
  POSENC_TRY(t, transformer_xl_terms(em, rm, q, ke, kr, Eigen::Map<const VectorXd>(uv.data(), static_cast<Eigen::Index>(uv.size())),
                                     Eigen::Map<const VectorXd>(vv.data(), static_cast<Eigen::Index>(vv.size()))));
  val o = val::object();
  o.set("a", js::matrix_val(t.a));
  o.set("b", js::matrix_val(t.b));
  o.set("c", js::matrix_val(t.c));
  o.set("d", js::matrix_val(t.d));
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_relative) {
  using emscripten::function;
  function("relativeBiasMatrix", &relative_bias_matrix_js);
  function("shawIndices", &shaw_indices_js);
  function("shawScores", &shaw_scores_js);
  function("transformerXl", &transformer_xl_js);
}
