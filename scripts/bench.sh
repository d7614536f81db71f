#!/usr/bin/env bash
# The benchmark table (JS vs wasm scalar vs wasm SIMD vs native vs the memory-bound pass).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
bash scripts/build-lib.sh
echo "[bench] not written yet (issue 3)"
