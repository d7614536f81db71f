#!/usr/bin/env bash
# The benchmark table: idiomatic JS vs scalar wasm vs SIMD wasm vs native vs the memory-bound pass,
# in Node and in headless Chromium; also written to bench/results.json.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh >/dev/null
bash scripts/build-lib.sh >/dev/null
npx vite build --config bench/vite.config.ts
native_sources=(bench/native_bench.cpp cpp/kernels/*.cpp cpp/src/frequencies.cpp cpp/src/json.cpp cpp/src/limits.cpp
                cpp/src/lab_*.cpp cpp/src/relative.cpp cpp/src/absolute.cpp)
for compiler in gcc clang; do
  cxx=$([ $compiler = gcc ] && echo g++ || echo clang++)
  bin=build/bench-$compiler
  if [ ! -x "$bin" ] || [ -n "$(find cpp bench -newer "$bin" -name '*.[ch]pp' | head -1)" ]; then
    echo "[bench] compiling native benchmark with $cxx -O3 -march=native"
    mkdir -p build
    $cxx -O3 -march=native -std=c++17 -Icpp/include -Icpp -I/usr/include/eigen3 -DEIGEN_NO_DEBUG "${native_sources[@]}" -o "$bin"
  fi
done
npx vite-node bench/run.ts
