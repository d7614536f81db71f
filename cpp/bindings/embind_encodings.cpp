// Embind: frequencies, config reading, rotation matrices, ALiBi slopes, and the encodings since 2023
// that are functions of positions (recent_encodings.hpp).
// Each function returns a plain object of JS-owned typed arrays, or { error, kind }.
#include <emscripten/bind.h>

#include <string>

#include "js_values.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/recent_encodings.hpp"
#include "posenc/relative.hpp"
#include "posenc/rope.hpp"

using namespace posenc;
using js::val;

namespace {

// The scaling struct the TS wrapper built from an options object or a config.json (web/src/lib/config):
// every field present and of the right JS type, so this only copies; the ranges are checked by
// inverse_frequencies like any C++ caller's.
RopeScaling scaling_from(const val& v) {
  RopeScaling s;
  s.rope_type = v["rope_type"].as<std::string>();
  s.factor = v["factor"].as<double>();
  s.max_position_embeddings = v["max_position_embeddings"].as<double>();
  s.seq_len = v["seq_len"].as<double>();
  s.original_max_position_embeddings = v["original_max_position_embeddings"].as<double>();
  s.beta_fast = v["beta_fast"].as<double>();
  s.beta_slow = v["beta_slow"].as<double>();
  s.attention_factor = v["attention_factor"].as<double>();
  s.mscale = v["mscale"].as<double>();
  s.mscale_all_dim = v["mscale_all_dim"].as<double>();
  s.truncate = v["truncate"].as<bool>();
  s.low_freq_factor = v["low_freq_factor"].as<double>();
  s.high_freq_factor = v["high_freq_factor"].as<double>();
  s.short_factor = emscripten::convertJSArrayToNumberVector<double>(v["short_factor"]);
  s.long_factor = emscripten::convertJSArrayToNumberVector<double>(v["long_factor"]);
  return s;
}

val inverse_frequencies_js(double dim, double base, val scaling) {
  POSENC_TRY(f, inverse_frequencies(dim, base, scaling_from(scaling)));
  val o = val::object();
  o.set("invFreq", js::f64(f.inv_freq));
  o.set("attentionFactor", f.attention_factor);
  return o;
}

val mla_softmax_scale_js(double qk_head_dim, double factor, double mscale_all_dim) {
  POSENC_TRY(scale, mla_softmax_scale(qk_head_dim, factor, mscale_all_dim));
  return val(scale);
}

Status check_layout(double layout) {
  if (layout != 0 && layout != 1) return Status::range("layout must be 'interleaved' or 'half'");
  return Status::success();
}

val rotation_matrix_js(double dim, double position, double base, double layout) {
  POSENC_CHECK(check_layout(layout));
  POSENC_TRY(m, rotation_matrix(dim, position, base, static_cast<RopeLayout>(layout)));
  return js::matrix_val(m);
}

val alibi_slopes_js(double n) {
  POSENC_TRY(s, alibi_slopes(n));
  return js::f64(s);
}

val xpos_scale_js(double dim, val positions, double scale_base, double gamma) {
  POSENC_TRY(p, js::to_finite(positions, "positions"));
  POSENC_TRY(m, xpos_scale(dim, Positions::list(p.data(), static_cast<std::int64_t>(p.size())), scale_base, gamma));
  return js::matrix_val(m);
}

val p_rope_frequencies_js(double dim, double base, double p) {
  POSENC_TRY(f, p_rope_frequencies(dim, base, p));
  return js::f64(f);
}

val kerple_bias_js(val r1, val r2, double length, bool causal) {
  POSENC_TRY(a, js::to_finite(r1, "r1"));
  POSENC_TRY(b, js::to_finite(r2, "r2"));
  POSENC_CHECK(check_kerple(a, b, length));
  std::vector<float> out(a.size() * static_cast<std::size_t>(length) * static_cast<std::size_t>(length));
  kerple_bias(a, b, static_cast<int>(length), causal, out.data());
  return js::typed_copy(out.data(), out.size());
}

val fire_distance_js(double length, double c, double threshold) {
  POSENC_TRY(m, fire_distance(length, c, threshold));
  return js::matrix_val(m);
}

val no_rope_layers_js(double num_layers, double interval) {
  POSENC_TRY(l, no_rope_layers(num_layers, interval));
  return js::typed_copy(l.data(), l.size());
}

val llama4_attention_scale_js(val positions, double floor_scale, double attn_scale) {
  POSENC_TRY(p, js::to_finite(positions, "positions"));
  POSENC_TRY(t, llama4_attention_scale(p, floor_scale, attn_scale));
  return js::f64(t);
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_encodings) {
  using emscripten::function;
  function("inverseFrequencies", &inverse_frequencies_js);
  function("rotationMatrix", &rotation_matrix_js);
  function("alibiSlopes", &alibi_slopes_js);
  function("mlaSoftmaxScale", &mla_softmax_scale_js);
  function("xposScale", &xpos_scale_js);
  function("pRopeFrequencies", &p_rope_frequencies_js);
  function("kerpleBias", &kerple_bias_js);
  function("fireDistance", &fire_distance_js);
  function("noRopeLayers", &no_rope_layers_js);
  function("llama4AttentionScale", &llama4_attention_scale_js);
}
