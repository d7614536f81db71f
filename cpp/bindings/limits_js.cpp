// limits(): the one source of every size limit (posenc/limits.hpp) and of the module's memory ceiling
// (-sMAXIMUM_MEMORY), for every module: the TS wrappers read it once at init, so their own checks
// and messages never drift from C++.
#include <emscripten/bind.h>
#include <emscripten/heap.h>

#include "posenc/limits.hpp"

namespace {

using emscripten::val;
using namespace posenc;

val limits_js() {
  val o = val::object();
  o.set("maxMemory", static_cast<double>(emscripten_get_heap_max()));
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

EMSCRIPTEN_BINDINGS(posenc_limits) { emscripten::function("limits", &limits_js); }
