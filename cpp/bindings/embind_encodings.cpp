// Embind: frequencies, config reading, rotation matrices, ALiBi slopes and the core's limits.
// Each function returns a plain object of JS-owned typed arrays, or { error, kind }.
#include <emscripten/bind.h>

#include <string>

#include "js_values.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/relative.hpp"
#include "posenc/rope.hpp"

using namespace posenc;
using js::val;

namespace {

Result<RopeScaling> scaling_from(const std::string& json_text) {
  if (json_text.empty()) return RopeScaling{};
  auto parsed = json::parse(json_text);
  if (!parsed.ok()) return parsed.status;
  return parse_scaling(parsed.value, true, nullptr);
}

val inverse_frequencies_js(double dim, double base, std::string scaling_json) {
  POSENC_TRY(s, scaling_from(scaling_json));
  POSENC_TRY(f, inverse_frequencies(dim, base, s));
  val o = val::object();
  o.set("invFreq", js::f64(f.inv_freq));
  o.set("attentionFactor", f.attention_factor);
  return o;
}

val rope_from_config_js(std::string json_text) {
  POSENC_TRY(r, rope_from_config(json_text));
  val o = val::object();
  o.set("dim", r.dim);
  o.set("headDim", r.head_dim);
  o.set("base", r.base);
  o.set("invFreq", js::f64(r.freq.inv_freq));
  o.set("attentionFactor", r.freq.attention_factor);
  o.set("ropeType", r.scaling.rope_type);
  o.set("factor", r.scaling.factor);
  o.set("originalMaxPositionEmbeddings", r.scaling.original_max_position_embeddings);
  o.set("maxPositionEmbeddings", r.max_position_embeddings);
  o.set("warnings", js::strings(r.warnings));
  return o;
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

// The one source of every size limit (limits.hpp); the TS wrapper reads it once at init.
val limits_js() {
  val o = val::object();
  o.set("maxDim", kMaxDim);
  o.set("maxResultBytes", kMaxResultBytes);
  o.set("maxPositions", kMaxPositions);
  o.set("maxHeads", kMaxHeads);
  o.set("maxScoreSide", kMaxScoreSide);
  o.set("maxListLength", kMaxListLength);
  o.set("maxLutSize", kMaxLutSize);
  o.set("maxAlibiHeads", kMaxAlibiHeads);
  o.set("maxAlibiLength", kMaxAlibiLength);
  o.set("maxMatrixSide", kMaxMatrixSide);
  o.set("maxTableRows", kMaxTableRows);
  o.set("maxOffsets", kMaxOffsets);
  o.set("maxSeed", kMaxSeed);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_encodings) {
  using emscripten::function;
  function("inverseFrequencies", &inverse_frequencies_js);
  function("ropeFromConfig", &rope_from_config_js);
  function("rotationMatrix", &rotation_matrix_js);
  function("alibiSlopes", &alibi_slopes_js);
  function("limits", &limits_js);
}
