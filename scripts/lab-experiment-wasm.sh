#!/usr/bin/env bash
# The same driver as scripts/lab-experiment.sh compiled to wasm (em++ -O3 -msimd128, the flags of
# the SIMD module) and run under Node: wasm steps/s and training times close to Chromium's V8.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Debian's emscripten optimizer needs Debian's acorn
out=build/lab-train-wasm.cjs
sources=(bench/lab_train.cpp cpp/src/lab_*.cpp cpp/src/frequencies.cpp cpp/src/relative.cpp cpp/src/absolute.cpp
         cpp/src/limits.cpp cpp/src/json.cpp cpp/kernels/matmul_kernel.cpp cpp/kernels/elementwise_kernel.cpp)
if [ ! -f "$out" ] || [ -n "$(find cpp bench -newer "$out" -name '*.[ch]pp' | head -1)" ]; then
  mkdir -p build
  em++ -O3 -msimd128 -std=c++17 -Icpp/include -Icpp -isystem /usr/include/eigen3 -DEIGEN_NO_DEBUG \
    -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -sEXIT_RUNTIME=1 -sSINGLE_FILE=1 \
    "${sources[@]}" -o "$out"
fi
exec node "$out" "$@"
