// Embind: relative encodings for the page (bias matrices, Shaw's clipped embeddings, Transformer-XL terms).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/analysis.hpp"
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

// --- the Relative PE chapter's figures (analysis_relative.hpp; arguments checked in the core) ---

val relative_bias_example_js(double n, double seed) {
  POSENC_TRY(b, relative_bias_example(n, seed));
  val o = val::object();
  o.set("offsets", js::f64(b.offsets));
  o.set("bias", js::f64(b.bias));
  o.set("matrix", js::matrix_val(b.matrix));
  o.set("relativeSpread", b.relative_spread);
  return o;
}

val sliding_pair_js(double n, double dim, double seed, double gap) {
  POSENC_TRY(s, sliding_pair(n, dim, seed, gap));
  val o = val::object();
  o.set("starts", js::f64(s.starts));
  o.set("absolute", js::f64(s.absolute));
  o.set("relative", js::f64(s.relative));
  o.set("absoluteSpread", s.absolute_spread);
  o.set("relativeSpread", s.relative_spread);
  o.set("absoluteMatrixSpread", s.absolute_matrix_spread);
  return o;
}

val shaw_rows_js(double n, double k) {
  POSENC_TRY(r, shaw_rows(n, k));
  val o = val::object();
  o.set("indices", js::matrix_val(r.indices));
  o.set("rowsUsed", r.rows_used);
  o.set("rowsUsed4n", r.rows_used_4n);
  o.set("length4n", r.length_4n);
  o.set("tableRows", r.table_rows);
  return o;
}

val t5_layout_js(double span, double num_buckets, double max_distance, bool bidirectional) {
  POSENC_TRY(l, t5_layout(span, num_buckets, max_distance, bidirectional));
  val o = val::object();
  o.set("offsets", js::f64(l.offsets));
  o.set("buckets", js::f64(l.buckets));
  o.set("bucketLo", js::f64(l.bucket_lo));
  o.set("bucketHi", js::f64(l.bucket_hi));
  o.set("distinct", l.distinct);
  o.set("maxExact", l.max_exact);
  o.set("maxDistance", l.max_distance);
  o.set("pairs", l.pairs);
  return o;
}

val xl_view_js(double n, double dim, double seed) {
  POSENC_TRY(x, xl_view(n, dim, seed));
  val o = val::object();
  o.set("a", js::matrix_val(x.terms.a));
  o.set("b", js::matrix_val(x.terms.b));
  o.set("c", js::matrix_val(x.terms.c));
  o.set("d", js::matrix_val(x.terms.d));
  o.set("sharedScale", x.shared_scale);
  o.set("diagonalSpread", js::f64(std::vector<double>(x.diagonal_spread, x.diagonal_spread + 4)));
  o.set("columnSpread", js::f64(std::vector<double>(x.column_spread, x.column_spread + 4)));
  o.set("rms", js::f64(std::vector<double>(x.rms, x.rms + 4)));
  return o;
}

val sentence_offsets_js(val positions1, val positions2) {
  POSENC_TRY(a, js::to_finite(positions1, "positions1"));
  POSENC_TRY(b, js::to_finite(positions2, "positions2"));
  POSENC_TRY(s, sentence_offsets(a, b));
  val o = val::object();
  o.set("neighbours1", js::f64(s.neighbours1));
  o.set("neighbours2", js::f64(s.neighbours2));
  o.set("offsets1", js::matrix_val(s.offsets1));
  o.set("offsets2", js::matrix_val(s.offsets2));
  o.set("samePairs", s.same_pairs);
  o.set("pairs", s.pairs);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_relative) {
  using emscripten::function;
  function("relativeBiasMatrix", &relative_bias_matrix_js);
  function("shawIndices", &shaw_indices_js);
  function("shawScores", &shaw_scores_js);
  function("transformerXl", &transformer_xl_js);
  function("relativeBiasExample", &relative_bias_example_js);
  function("slidingPair", &sliding_pair_js);
  function("shawRows", &shaw_rows_js);
  function("t5Layout", &t5_layout_js);
  function("xlView", &xl_view_js);
  function("sentenceOffsets", &sentence_offsets_js);
}
