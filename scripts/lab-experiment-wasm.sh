#!/usr/bin/env bash
# The same driver as scripts/lab-experiment.sh compiled to wasm with the flags of the SIMD module
# (CMake target lab_train_simd of the wasm preset; LAB_FLAVOUR=scalar for lab_train_scalar) and run
# under Node: wasm steps/s and training times close to Chromium's V8.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Debian's emscripten optimizer needs Debian's acorn
flavour=${LAB_FLAVOUR:-simd}
[ -f build/wasm/CMakeCache.txt ] || cmake --preset wasm >/dev/null
cmake --build --preset wasm --target "lab_train_$flavour" >/dev/null
exec node "build/wasm/lab_train_$flavour.cjs" "$@"
