#!/usr/bin/env bash
# The page (dist/page), the same page as one self-contained file (dist/posenc.html), and the
# embeddable elements bundle (dist/elements/posenc-elements.js).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "[build] page -> dist/page, dist/posenc.html; elements -> dist/elements"
npx vite build --config web/vite.config.ts --logLevel warn
npx vite build --config web/vite.singlefile.config.ts --logLevel warn
# The one file must not refer to any other: inline the favicon too (Vite leaves it as a file).
node -e '
const fs = require("fs");
let html = fs.readFileSync("dist/single/index.html", "utf8");
html = html.replace(/href="\.\/(favicon-[^"]+\.svg)"/, (_, f) =>
  `href="data:image/svg+xml;base64,${fs.readFileSync("dist/single/" + f).toString("base64")}"`);
fs.writeFileSync("dist/posenc.html", html);'
rm -rf dist/single
npx vite build --config web/vite.elements.config.ts --logLevel warn
cp web/src/elements/posenc-elements.d.ts dist/elements/
# custom-elements.json: the public elements (their attributes and CSS properties) for editors and
# course-site tools, generated from the element classes; tests/js/elements-manifest.test.ts checks
# the hand-written .d.ts against it.
npx cem analyze --globs "web/src/elements/*.ts" --litelement --outdir dist/elements --quiet
