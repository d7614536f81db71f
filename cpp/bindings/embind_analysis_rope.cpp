// Embind: RoPE measurements in float64 (rotations shown on the page, the cos/sin split, the decay bound).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/analysis.hpp"
#include "posenc/frequencies.hpp"
#include "posenc/limits.hpp"
#include "posenc/rope.hpp"

using namespace posenc;
using js::val;

namespace {

Eigen::Map<const VectorXd> as_vector(const std::vector<double>& v) {
  return {v.data(), static_cast<Eigen::Index>(v.size())};
}

Status check_layout(double layout) {
  if (layout != 0 && layout != 1) return Status::range("layout must be 'interleaved' or 'half'");
  return Status::success();
}

val rope_split_js(val q, val k, double delta, val inv_freq) {
  POSENC_TRY(qv, js::to_finite(q, "q"));
  POSENC_TRY(kv, js::to_finite(k, "k"));
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(s, rope_split(as_vector(qv), as_vector(kv), delta, inv));
  val o = val::object();
  o.set("cosTerm", js::f64(s.cos_term));
  o.set("sinTerm", js::f64(s.sin_term));
  o.set("direct", js::f64(s.direct));
  return o;
}

val rope_decay_bound_js(val inv_freq, val offsets) {
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_TRY(off, js::to_finite(offsets, "offsets"));
  if (inv.empty()) return js::error_val(Status::range("invFreq must not be empty"));
  if (off.size() > static_cast<std::size_t>(kMaxOffsets)) {
    return js::error_val(Status::range("offsets must have at most " + std::to_string(kMaxOffsets) + " entries"));
  }
  return js::f64(rope_decay_bound(inv, off));
}

val rope_rotate_js(val x, double position, val inv_freq, double layout, double attention_factor) {
  POSENC_CHECK(check_layout(layout));
  POSENC_TRY(xv, js::to_finite(x, "x"));
  POSENC_TRY(inv, js::to_finite(inv_freq, "invFreq"));
  POSENC_CHECK(check_frequencies(inv.data(), inv.size(), attention_factor));
  POSENC_CHECK(check_finite("position", position));
  if (xv.size() < 2 * inv.size()) {
    return js::error_val(Status::range("x must have at least 2 × invFreq.length = " + std::to_string(2 * inv.size()) +
                                       " entries, got " + std::to_string(xv.size())));
  }
  const auto y = rope_rotate(as_vector(xv), position, inv, static_cast<RopeLayout>(layout), attention_factor);
  return js::typed_copy(y.data(), static_cast<std::size_t>(y.size()));
}

val rope_rotate_2d_js(val x, double px, double py, double base, double layout) {
  POSENC_CHECK(check_layout(layout));
  POSENC_TRY(xv, js::to_finite(x, "x"));
  POSENC_TRY(y, rope_rotate_2d(as_vector(xv), px, py, base, static_cast<RopeLayout>(layout)));
  return js::typed_copy(y.data(), static_cast<std::size_t>(y.size()));
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_rope) {
  using emscripten::function;
  function("ropeSplit", &rope_split_js);
  function("ropeDecayBound", &rope_decay_bound_js);
  function("ropeRotate", &rope_rotate_js);
  function("ropeRotate2d", &rope_rotate_2d_js);
}
