#!/usr/bin/env bash
# Compiles the npm package (web/src/lib, TypeScript -> dist/lib with .d.ts) and copies the wasm.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "[build] npm package -> dist/lib"
rm -rf dist/lib
npx tsc -p web/src/lib/tsconfig.json
mkdir -p dist/lib/wasm
cp web/src/lib/wasm/posenc-{simd,scalar,analysis,lab-simd,lab-scalar}.{mjs,wasm,wasm.js,d.mts,wasm.d.ts} dist/lib/wasm/
