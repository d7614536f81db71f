#!/usr/bin/env bash
# Builds bench/lab_train.cpp natively (g++ -O2, SSE2 like the test build) and runs it with the
# given key=value arguments: the training-lab experiments of docs/LAB.md.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/lab-train
sources=(bench/lab_train.cpp cpp/src/lab_*.cpp cpp/src/frequencies.cpp cpp/src/relative.cpp cpp/src/absolute.cpp
         cpp/src/limits.cpp cpp/src/json.cpp cpp/kernels/matmul_kernel.cpp cpp/kernels/elementwise_kernel.cpp)
if [ ! -x "$bin" ] || [ -n "$(find cpp bench -newer "$bin" -name '*.[ch]pp' | head -1)" ]; then
  mkdir -p build
  g++ -O2 -std=c++17 -Icpp/include -Icpp -I/usr/include/eigen3 -DEIGEN_NO_DEBUG "${sources[@]}" -o "$bin"
fi
exec "$bin" "$@"
