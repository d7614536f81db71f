#!/usr/bin/env bash
# The benchmark table: idiomatic JS vs scalar wasm vs SIMD wasm vs native vs the memory-bound pass,
# in Node and in headless Chromium; also written to bench/results.json.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh >/dev/null
bash scripts/build-lib.sh >/dev/null
bash scripts/build-page.sh >/dev/null  # the frame-time benchmark drives the built page
npx vite build --config bench/vite.config.ts
# The native benchmark links the same sources as every other build (CMake's one list).
for compiler in gcc clang; do
  [ -f build/bench-$compiler/CMakeCache.txt ] || cmake --preset bench-$compiler >/dev/null
  echo "[bench] native benchmark ($compiler, -O3 -march=native)"
  cmake --build --preset bench-$compiler >/dev/null
done
npx vite-node bench/run.ts
