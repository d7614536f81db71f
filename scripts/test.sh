#!/usr/bin/env bash
# Every test layer, in order from the core outwards; stops at the first failure (non-zero exit).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

step() { printf '\n[test] %s\n' "$*"; }

step "C++ core natively (g++, Catch2)"
[ -f build/native/CMakeCache.txt ] || cmake --preset native >/dev/null
cmake --build --preset native
./build/native/posenc_tests --use-colour no

step "C++ core under AddressSanitizer + UndefinedBehaviorSanitizer (clang++, Catch2)"
[ -f build/sanitize/CMakeCache.txt ] || cmake --preset sanitize >/dev/null
cmake --build --preset sanitize
./build/sanitize/posenc_tests --use-colour no

step "fuzzing, bounded (${POSENC_FUZZ_SECONDS:-15} s per target; npm run fuzz for longer)"
bash scripts/fuzz.sh "${POSENC_FUZZ_SECONDS:-15}"

bash scripts/build-wasm.sh
# After build-wasm: the type checker reads the generated module declarations (web/src/lib/wasm/).
step "types, lint and format (tsc over web/, tests/, bench/; ESLint; Prettier)"
npx tsc -p tsconfig.json
npx eslint .
npx prettier --check .

step "C++ core compiled to wasm, under Node (Catch2)"
node build/wasm/posenc_tests_wasm.cjs --use-colour no

bash scripts/build-lib.sh
# Before the package tests: the tarball they install ships the elements bundle (posenc/elements).
bash scripts/build-page.sh
step "the transformers reference (TypeScript transliteration against transformers' float64 golden values)"
npx vitest run --config tests/hf/vitest.config.ts
step "npm package in Node (packed tarball installed into an empty folder)"
npx vitest run --config tests/js/vitest.config.ts

step "page and elements in headless Chromium"
npx vitest run --config tests/e2e/vitest.config.ts
