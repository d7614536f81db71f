// Embind glue for the small, structured results (frequencies, config reading, rotation matrices,
// the page's analyses). Each function returns either a plain object of JS-owned typed arrays or
// { error, kind } which the TS wrapper (web/src/lib) turns into a TypeError (1) or RangeError (2).
// Tensors do not pass here: see exports.cpp.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "posenc/absolute.hpp"
#include "posenc/analysis.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/relative.hpp"
#include "posenc/rope.hpp"

using emscripten::val;
using namespace posenc;

namespace {

val error_val(const Status& s) {
  val o = val::object();
  o.set("error", s.message);
  o.set("kind", static_cast<int>(s.kind));
  return o;
}

// Copies out of wasm memory: the caller owns the array, memory growth cannot detach it.
template <class T>
val typed_copy(const T* data, std::size_t n) {
  return val(emscripten::typed_memory_view(n, data)).call<val>("slice");
}

val f64(const std::vector<double>& v) { return typed_copy(v.data(), v.size()); }

val matrix_val(const MatrixXd& m) {
  val o = val::object();
  o.set("rows", static_cast<double>(m.rows()));
  o.set("cols", static_cast<double>(m.cols()));
  o.set("data", typed_copy(m.data(), static_cast<std::size_t>(m.size())));
  return o;
}

val strings(const std::vector<std::string>& v) {
  val a = val::array();
  for (const auto& s : v) a.call<void>("push", s);
  return a;
}

// The TS wrapper has already checked types; this re-checks shapes, which it does not know.
constexpr int kMaxAnalysisSide = 4096;

Result<MatrixXd> to_matrix(const val& v, const char* name) {
  const int rows = v["rows"].as<int>(), cols = v["cols"].as<int>();
  if (rows < 0 || cols < 0 || rows > kMaxAnalysisSide || cols > kMaxAnalysisSide) {
    return Status::range(std::string(name) + " must have 0 to " + std::to_string(kMaxAnalysisSide) +
                         " rows and columns");
  }
  const auto data = emscripten::convertJSArrayToNumberVector<double>(v["data"]);
  if (data.size() != static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)) {
    return Status::range(std::string(name) + ".data has " + std::to_string(data.size()) + " values; rows × cols = " +
                         std::to_string(rows * cols));
  }
  MatrixXd m(rows, cols);
  std::copy(data.begin(), data.end(), m.data());
  return m;
}

std::vector<double> to_vector(const val& v) { return emscripten::convertJSArrayToNumberVector<double>(v); }

Result<RopeScaling> scaling_from(const std::string& json_text) {
  if (json_text.empty()) return RopeScaling{};
  auto parsed = json::parse(json_text);
  if (!parsed.ok()) return parsed.status;
  return parse_scaling(parsed.value, true, nullptr);
}

val inverse_frequencies_js(double dim, double base, std::string scaling_json) {
  auto s = scaling_from(scaling_json);
  if (!s.ok()) return error_val(s.status);
  auto f = inverse_frequencies(dim, base, s.value);
  if (!f.ok()) return error_val(f.status);
  val o = val::object();
  o.set("invFreq", f64(f.value.inv_freq));
  o.set("attentionFactor", f.value.attention_factor);
  return o;
}

val rope_from_config_js(std::string json_text) {
  auto c = rope_from_config(json_text);
  if (!c.ok()) return error_val(c.status);
  const RopeConfig& r = c.value;
  val o = val::object();
  o.set("dim", r.dim);
  o.set("headDim", r.head_dim);
  o.set("base", r.base);
  o.set("invFreq", f64(r.freq.inv_freq));
  o.set("attentionFactor", r.freq.attention_factor);
  o.set("ropeType", r.scaling.rope_type);
  o.set("factor", r.scaling.factor);
  o.set("originalMaxPositionEmbeddings", r.scaling.original_max_position_embeddings);
  o.set("maxPositionEmbeddings", r.max_position_embeddings);
  o.set("warnings", strings(r.warnings));
  return o;
}

val rotation_matrix_js(double dim, double position, double base, int layout) {
  if (layout != 0 && layout != 1) return error_val(Status::range("layout must be 'interleaved' or 'half'"));
  auto m = rotation_matrix(dim, position, base, static_cast<RopeLayout>(layout));
  if (!m.ok()) return error_val(m.status);
  return matrix_val(m.value);
}

val alibi_slopes_js(double n) {
  auto s = alibi_slopes(n);
  if (!s.ok()) return error_val(s.status);
  return f64(s.value);
}

// --- analyses for the page ---------------------------------------------------------------------

val dot_by_offset_js(double dim, double base, val offsets) {
  if (auto st = check_dim("dim", dim, true); !st.ok()) return error_val(st);
  if (auto st = check_base(base); !st.ok()) return error_val(st);
  return f64(dot_by_offset(static_cast<int>(dim), base, to_vector(offsets)));
}

val best_linear_map_js(double k, double dim, double base, double n, int features) {
  if (features != 0 && features != 1) return error_val(Status::range("features must be 'sincos' or 'sin'"));
  if (auto st = check_dim("dim", dim, true); !st.ok()) return error_val(st);
  if (auto st = check_count("n", n, 8192); !st.ok()) return error_val(st);
  auto fit = best_linear_map(k, static_cast<int>(dim), base, static_cast<int>(n), static_cast<Features>(features));
  if (!fit.ok()) return error_val(fit.status);
  val o = val::object();
  o.set("m", matrix_val(fit.value.m));
  o.set("relativeResidual", fit.value.relative_residual);
  o.set("maxAbsError", fit.value.max_abs_error);
  if (features == 0) o.set("exact", matrix_val(exact_shift_map(k, static_cast<int>(dim), base)));
  return o;
}

val pca_js(val x, int components) {
  auto m = to_matrix(x, "x");
  if (!m.ok()) return error_val(m.status);
  auto p = pca(m.value, components);
  if (!p.ok()) return error_val(p.status);
  val o = val::object();
  o.set("coords", matrix_val(p.value.coords));
  o.set("explained", f64(p.value.explained));
  return o;
}

val attention_val(const Attention& a) {
  val o = val::object();
  o.set("scores", matrix_val(a.scores));
  o.set("weights", matrix_val(a.weights));
  o.set("output", matrix_val(a.output));
  return o;
}

val attention_js(val q, val k, val v, bool causal) {
  auto qm = to_matrix(q, "q"), km = to_matrix(k, "k"), vm = to_matrix(v, "v");
  for (auto* r : {&qm, &km, &vm}) {
    if (!r->ok()) return error_val(r->status);
  }
  auto a = attention(qm.value, km.value, vm.value, causal);
  if (!a.ok()) return error_val(a.status);
  return attention_val(a.value);
}

val self_attention_js(val x, val wq, val wk, val wv, bool causal) {
  auto xm = to_matrix(x, "x"), q = to_matrix(wq, "wq"), k = to_matrix(wk, "wk"), v = to_matrix(wv, "wv");
  for (auto* r : {&xm, &q, &k, &v}) {
    if (!r->ok()) return error_val(r->status);
  }
  auto a = self_attention(xm.value, q.value, k.value, v.value, causal);
  if (!a.ok()) return error_val(a.status);
  return attention_val(a.value);
}

val four_terms_js(val x, val p, val wq, val wk) {
  auto xm = to_matrix(x, "x"), pm = to_matrix(p, "p"), q = to_matrix(wq, "wq"), k = to_matrix(wk, "wk");
  for (auto* r : {&xm, &pm, &q, &k}) {
    if (!r->ok()) return error_val(r->status);
  }
  auto t = four_terms(xm.value, pm.value, q.value, k.value);
  if (!t.ok()) return error_val(t.status);
  val o = val::object();
  o.set("contentContent", matrix_val(t.value.cc));
  o.set("contentPosition", matrix_val(t.value.cp));
  o.set("positionContent", matrix_val(t.value.pc));
  o.set("positionPosition", matrix_val(t.value.pp));
  o.set("total", matrix_val(t.value.total));
  return o;
}

std::vector<int> to_perm(const val& v) {
  std::vector<int> p;
  for (double d : to_vector(v)) p.push_back(static_cast<int>(d));
  return p;
}

val permutation_check_js(val x, val perm, val wq, val wk, val wv, val encoding) {
  auto xm = to_matrix(x, "x"), q = to_matrix(wq, "wq"), k = to_matrix(wk, "wk"), v = to_matrix(wv, "wv");
  for (auto* r : {&xm, &q, &k, &v}) {
    if (!r->ok()) return error_val(r->status);
  }
  Result<MatrixXd> e;
  const bool with_encoding = !encoding.isNull() && !encoding.isUndefined();
  if (with_encoding) {
    e = to_matrix(encoding, "encoding");
    if (!e.ok()) return error_val(e.status);
  }
  auto c = permutation_check(xm.value, to_perm(perm), q.value, k.value, v.value, with_encoding ? &e.value : nullptr);
  if (!c.ok()) return error_val(c.status);
  val o = val::object();
  o.set("yOfPermuted", matrix_val(c.value.y_of_permuted));
  o.set("permutedY", matrix_val(c.value.permuted_y));
  o.set("maxAbsDifference", c.value.max_abs_difference);
  return o;
}

val cross_attention_check_js(val queries, val source, val perm, val wk, val wv) {
  auto qm = to_matrix(queries, "queries"), s = to_matrix(source, "source"), k = to_matrix(wk, "wk"),
       v = to_matrix(wv, "wv");
  for (auto* r : {&qm, &s, &k, &v}) {
    if (!r->ok()) return error_val(r->status);
  }
  auto c = cross_attention_check(qm.value, s.value, to_perm(perm), k.value, v.value);
  if (!c.ok()) return error_val(c.status);
  val o = val::object();
  o.set("original", matrix_val(c.value.original));
  o.set("permuted", matrix_val(c.value.permuted));
  o.set("maxAbsDifference", c.value.max_abs_difference);
  return o;
}

val rope_split_js(val q, val k, double delta, val inv_freq) {
  const auto qv = to_vector(q), kv = to_vector(k);
  auto s = rope_split(Eigen::Map<const VectorXd>(qv.data(), static_cast<Eigen::Index>(qv.size())),
                      Eigen::Map<const VectorXd>(kv.data(), static_cast<Eigen::Index>(kv.size())), delta,
                      to_vector(inv_freq));
  if (!s.ok()) return error_val(s.status);
  val o = val::object();
  o.set("cosTerm", f64(s.value.cos_term));
  o.set("sinTerm", f64(s.value.sin_term));
  o.set("direct", f64(s.value.direct));
  return o;
}

val rope_decay_bound_js(val inv_freq, val offsets) { return f64(rope_decay_bound(to_vector(inv_freq), to_vector(offsets))); }

val rope_rotate_js(val x, double position, val inv_freq, int layout, double attention_factor) {
  const auto xv = to_vector(x), inv = to_vector(inv_freq);
  if (layout != 0 && layout != 1) return error_val(Status::range("layout must be 'interleaved' or 'half'"));
  if (xv.size() < 2 * inv.size()) return error_val(Status::range("x must have at least 2 × invFreq.length entries"));
  if (auto st = check_finite("position", position); !st.ok()) return error_val(st);
  const auto y = rope_rotate(Eigen::Map<const VectorXd>(xv.data(), static_cast<Eigen::Index>(xv.size())), position,
                             inv, static_cast<RopeLayout>(layout), attention_factor);
  return typed_copy(y.data(), static_cast<std::size_t>(y.size()));
}

val rope_rotate_2d_js(val x, double px, double py, double base, int layout) {
  const auto xv = to_vector(x);
  if (layout != 0 && layout != 1) return error_val(Status::range("layout must be 'interleaved' or 'half'"));
  auto y = rope_rotate_2d(Eigen::Map<const VectorXd>(xv.data(), static_cast<Eigen::Index>(xv.size())), px, py, base,
                          static_cast<RopeLayout>(layout));
  if (!y.ok()) return error_val(y.status);
  return typed_copy(y.value.data(), static_cast<std::size_t>(y.value.size()));
}

val binary_encoding_js(double n, double bits) {
  if (auto st = check_count("n", n, 1 << 20); !st.ok()) return error_val(st);
  if (auto st = check_count("bits", bits, 52); !st.ok()) return error_val(st);
  auto m = binary_encoding(static_cast<std::int64_t>(n), static_cast<int>(bits));
  if (!m.ok()) return error_val(m.status);
  return matrix_val(m.value);
}

val normalized_encoding_js(double n) {
  if (auto st = check_count("n", n, 1 << 20); !st.ok()) return error_val(st);
  return f64(normalized_encoding(static_cast<std::int64_t>(n)));
}

val learned_lookup_js(double n_max, double dim, double seed, val positions) {
  if (auto st = check_count("seed", seed, 9007199254740991.0); !st.ok()) return error_val(st);
  auto t = learned_table(n_max, dim, static_cast<std::uint64_t>(seed));
  if (!t.ok()) return error_val(t.status);
  auto rows = learned_lookup(t.value, to_vector(positions));
  if (!rows.ok()) return error_val(rows.status);
  return matrix_val(rows.value);
}

val random_normal_js(double seed, double rows, double cols, double stddev) {
  if (auto st = check_count("seed", seed, 9007199254740991.0); !st.ok()) return error_val(st);
  if (auto st = check_count("rows", rows, kMaxAnalysisSide); !st.ok()) return error_val(st);
  if (auto st = check_count("cols", cols, kMaxAnalysisSide); !st.ok()) return error_val(st);
  if (auto st = check_positive("stddev", stddev); !st.ok()) return error_val(st);
  Rng rng(static_cast<std::uint64_t>(seed));
  return matrix_val(rng.normal_matrix(static_cast<int>(rows), static_cast<int>(cols), stddev));
}

val relative_bias_matrix_js(double len, val bias) {
  if (auto st = check_count("len", len, 4096); !st.ok()) return error_val(st);
  auto m = relative_bias_matrix(static_cast<int>(len), to_vector(bias));
  if (!m.ok()) return error_val(m.status);
  return matrix_val(m.value);
}

val shaw_indices_js(double len, double k) {
  if (auto st = check_count("len", len, 4096); !st.ok()) return error_val(st);
  if (auto st = check_count("k", k, 4096); !st.ok()) return error_val(st);
  auto idx = shaw_relative_indices(static_cast<int>(len), static_cast<int>(k));
  if (!idx.ok()) return error_val(idx.status);
  const MatrixXd m = idx.value.cast<double>();
  return matrix_val(m);
}

val shaw_scores_js(val x, val wq, val wk, val a, double k) {
  auto xm = to_matrix(x, "x"), q = to_matrix(wq, "wq"), km = to_matrix(wk, "wk"), am = to_matrix(a, "a");
  for (auto* r : {&xm, &q, &km, &am}) {
    if (!r->ok()) return error_val(r->status);
  }
  if (auto st = check_count("k", k, 4096); !st.ok()) return error_val(st);
  auto s = shaw_scores(xm.value, q.value, km.value, am.value, static_cast<int>(k));
  if (!s.ok()) return error_val(s.status);
  return matrix_val(s.value);
}

val transformer_xl_js(val e, val r, val wq, val wke, val wkr, val u, val v) {
  auto em = to_matrix(e, "e"), rm = to_matrix(r, "r"), q = to_matrix(wq, "wq"), ke = to_matrix(wke, "wkE"),
       kr = to_matrix(wkr, "wkR");
  for (auto* m : {&em, &rm, &q, &ke, &kr}) {
    if (!m->ok()) return error_val(m->status);
  }
  const auto uv = to_vector(u), vv = to_vector(v);
  auto t = transformer_xl_terms(em.value, rm.value, q.value, ke.value, kr.value,
                                Eigen::Map<const VectorXd>(uv.data(), static_cast<Eigen::Index>(uv.size())),
                                Eigen::Map<const VectorXd>(vv.data(), static_cast<Eigen::Index>(vv.size())));
  if (!t.ok()) return error_val(t.status);
  val o = val::object();
  o.set("a", matrix_val(t.value.a));
  o.set("b", matrix_val(t.value.b));
  o.set("c", matrix_val(t.value.c));
  o.set("d", matrix_val(t.value.d));
  return o;
}

// A·B, for the page's small worked examples (e.g. seed 004's F.linear, which is X·Wᵀ).
val matmul_js(val a, val b) {
  auto am = to_matrix(a, "a"), bm = to_matrix(b, "b");
  for (auto* r : {&am, &bm}) {
    if (!r->ok()) return error_val(r->status);
  }
  if (am.value.cols() != bm.value.rows()) {
    return error_val(Status::range("a has " + std::to_string(am.value.cols()) + " columns but b has " +
                                   std::to_string(bm.value.rows()) + " rows"));
  }
  return matrix_val(am.value * bm.value);
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc) {
  using emscripten::function;
  function("inverseFrequencies", &inverse_frequencies_js);
  function("ropeFromConfig", &rope_from_config_js);
  function("rotationMatrix", &rotation_matrix_js);
  function("alibiSlopes", &alibi_slopes_js);
  function("dotByOffset", &dot_by_offset_js);
  function("bestLinearMap", &best_linear_map_js);
  function("pca", &pca_js);
  function("attention", &attention_js);
  function("selfAttention", &self_attention_js);
  function("fourTerms", &four_terms_js);
  function("permutationCheck", &permutation_check_js);
  function("crossAttentionCheck", &cross_attention_check_js);
  function("ropeSplit", &rope_split_js);
  function("ropeDecayBound", &rope_decay_bound_js);
  function("ropeRotate", &rope_rotate_js);
  function("ropeRotate2d", &rope_rotate_2d_js);
  function("binaryEncoding", &binary_encoding_js);
  function("normalizedEncoding", &normalized_encoding_js);
  function("learnedLookup", &learned_lookup_js);
  function("randomNormal", &random_normal_js);
  function("relativeBiasMatrix", &relative_bias_matrix_js);
  function("shawIndices", &shaw_indices_js);
  function("shawScores", &shaw_scores_js);
  function("transformerXl", &transformer_xl_js);
  function("matmul", &matmul_js);
}
