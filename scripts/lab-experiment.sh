#!/usr/bin/env bash
# Builds bench/lab_train.cpp natively (CMake target lab_train of the native preset: g++ -O2, the test
# build's flags and sources) and runs it with the given key=value arguments: the training-lab
# experiments of docs/LAB.md.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/native/CMakeCache.txt ] || cmake --preset native >/dev/null
cmake --build --preset native --target lab_train >/dev/null
exec ./build/native/lab_train "$@"
