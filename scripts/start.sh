#!/usr/bin/env bash
# Builds what is missing and serves the page on http://127.0.0.1:5173/ (Vite dev server, live reload).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
echo
echo "posenc: serving the page on http://127.0.0.1:5173/  (Ctrl-C stops)"
exec npx vite --config web/vite.config.ts --host 127.0.0.1 --port 5173 --strictPort
