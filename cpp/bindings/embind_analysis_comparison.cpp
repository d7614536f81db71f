// Embind: the "Comparison" chapter's measured cells. Every argument is checked in the core
// (analysis_comparison.cpp).
#include <emscripten/bind.h>

#include <cmath>

#include "js_values.hpp"
#include "posenc/analysis.hpp"

using namespace posenc;
using js::val;

namespace {

template <std::size_t N>
val f64_array(const std::array<double, N>& a) {
  return js::f64(std::vector<double>(a.begin(), a.end()));
}

val comparison_measures_js(double n, double dim, double n_max, double seed) {
  POSENC_TRY(c, comparison_measures(n, dim, n_max, seed));
  val o = val::object();
  val scores = val::array();
  for (const auto& m : c.position_scores) scores.call<void>("push", js::matrix_val(m));
  o.set("positionScores", scores);
  o.set("spreadAlone", f64_array(c.spread_alone));
  o.set("spreadProjected", f64_array(c.spread_projected));
  o.set("parameters", f64_array(c.parameters));
  o.set("lengthChange", f64_array(c.length_change));
  val defined = val::array();
  for (bool b : c.defined_at_n_max) defined.call<void>("push", b);
  o.set("definedAtNMax", defined);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(posenc_analysis_comparison) {
  using emscripten::function;
  function("comparisonMeasures", &comparison_measures_js);
}
