#!/usr/bin/env bash
# The training lab's reference run (docs/LAB.md, "Reference run"): builds the wasm modules and the
# npm package, then trains every task × encoding × seed through pe.lab and writes
# web/data/lab-reference.json and web/data/lab-reference-examples.json. About 10 minutes on one core.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh >/dev/null
bash scripts/build-wasm.sh >/dev/null
bash scripts/build-lib.sh >/dev/null
exec node scripts/lab-reference-run.mjs "$@"
