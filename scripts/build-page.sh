#!/usr/bin/env bash
# The page (dist/page), the same page as one self-contained file (dist/posenc.html), and the
# embeddable elements bundle (dist/elements/posenc-elements.js).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "[build] page -> dist/page, dist/posenc.html; elements -> dist/elements"
npx vite build --config web/vite.config.ts --logLevel warn
npx vite build --config web/vite.singlefile.config.ts --logLevel warn
mv dist/single/index.html dist/posenc.html && rm -rf dist/single
npx vite build --config web/vite.elements.config.ts --logLevel warn
cp web/src/elements/posenc-elements.d.ts dist/elements/
