#!/usr/bin/env bash
# Installs what posenc needs on a fresh Debian 12 machine, and nothing when it is all present.
# Called by `npm start`, `npm test`, `npm run bench` and `npm run build`; safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*"; }

# Debian package -> a file that proves it is installed (cheaper than asking dpkg each time).
declare -A WANT=(
  [emscripten]=/usr/bin/em++
  [libeigen3-dev]=/usr/include/eigen3/Eigen/Core
  [catch2]=/usr/include/catch2/catch.hpp
  [chromium]=/usr/bin/chromium
  [binaryen]=/usr/bin/wasm-opt
  [cmake]=/usr/bin/cmake
  [g++]=/usr/bin/g++
  [clang]=/usr/bin/clang++
  [fonts-noto-cjk]=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
  [libclang-rt-14-dev]=/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a
  [mkdocs]=/usr/bin/mkdocs  # tests/e2e/sites.test.ts builds an MkDocs course page
)
missing=()
for pkg in "${!WANT[@]}"; do
  [ -e "${WANT[$pkg]}" ] || missing+=("$pkg")
done

if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { say "need root (or sudo) to apt-get install ${missing[*]}"; exit 1; }
    SUDO=sudo
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  say "Debian packages installed"
else
  say "toolchain present (emscripten, eigen, catch2, chromium, binaryen, cmake, mkdocs)"
fi

# npm packages: reinstall only when package-lock.json changed since the last install.
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
stamp=node_modules/.posenc-lock-sha256
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_hash" ]; then
  # npm install, not npm ci: the registry mirror here has no packages for other platforms
  # (e.g. @rollup/rollup-darwin-x64), so the lock cannot list them and npm ci refuses it.
  say "installing npm packages (npm install from package-lock.json)"
  npm install --no-audit --no-fund --loglevel=error
  # npm may rewrite the lock (it adds other platforms' optional packages): stamp what it left.
  sha256sum package-lock.json | cut -d' ' -f1 > "$stamp"
else
  say "npm packages up to date"
fi
