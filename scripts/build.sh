#!/usr/bin/env bash
# dist/: the page, dist/posenc.html (self-contained), the elements bundle and the npm package files.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
bash scripts/build-lib.sh
bash scripts/build-page.sh
echo "[build] done: dist/page/index.html, dist/posenc.html, dist/elements/posenc-elements.js, dist/lib/"
