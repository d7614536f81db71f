// Embind: the "Additive vs multiplicative" chapter (seed 003): the curves of the toy plane and the
// plane-by-plane split. Every argument is checked in the core (analysis_modulation.cpp).
#include <emscripten/bind.h>

#include "js_values.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using js::val;

namespace {

val modulation_curves_js(double phi, double omega, double delta, double m, double span, double positions) {
  POSENC_TRY(c, modulation_curves(phi, omega, delta, m, span, positions));
  val o = val::object();
  o.set("deltas", js::f64(c.deltas));
  o.set("additiveKept", js::f64(c.additive_kept));
  o.set("additiveKeptPhi0", js::f64(c.additive_kept_phi0));
  o.set("additiveFull", js::f64(c.additive_full));
  o.set("additiveMin", js::f64(c.additive_min));
  o.set("additiveMax", js::f64(c.additive_max));
  o.set("cross", js::f64(c.cross));
  o.set("rope", js::f64(c.rope));
  o.set("ropePhi0", js::f64(c.rope_phi0));
  o.set("ropeMin", js::f64(c.rope_min));
  o.set("ropeMax", js::f64(c.rope_max));
  o.set("verticalShift", c.vertical_shift);
  o.set("horizontalShift", c.horizontal_shift);
  o.set("ropeAt", c.rope_at);
  o.set("additiveKeptAt", c.additive_kept_at);
  o.set("additiveFullAt", c.additive_full_at);
  o.set("crossAt", c.cross_at);
  o.set("additiveMSpread", c.additive_m_spread);
  o.set("ropeMSpread", c.rope_m_spread);
  return o;
}

val modulation_split_js(double seed, double delta, double dim) {
  POSENC_TRY(s, modulation_split(seed, delta, dim));
  val o = val::object();
  o.set("cosTerm", js::f64(s.cos_term));
  o.set("sinTerm", js::f64(s.sin_term));
  o.set("sum", js::f64(s.sum));
  o.set("direct", js::f64(s.direct));
  o.set("maxAbsDifference", s.max_abs_difference);
  o.set("total", s.total);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_modulation) {
  using emscripten::function;
  function("modulationCurves", &modulation_curves_js);
  function("modulationSplit", &modulation_split_js);
}
