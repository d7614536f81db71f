#!/usr/bin/env bash
# libFuzzer on the frequency code (every scaling struct) and on every export's entry point, under
# ASan + UBSan. `npm test` runs it bounded; `npm run fuzz [seconds]` runs longer and merges new
# interesting inputs into the corpus in tests/fuzz/corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
merge=${2:-}
[ -f build/sanitize/CMakeCache.txt ] || cmake --preset sanitize >/dev/null
cmake --build --preset sanitize --target fuzz_frequencies fuzz_kernels >/dev/null
for target in frequencies kernels; do
  work=build/fuzz-corpus/$target
  mkdir -p "$work"
  cp tests/fuzz/corpus/$target/* "$work/"
  log=build/fuzz-$target.log
  # Crash inputs go to build/fuzz-artifacts/, never the working folder; a fixed one becomes a
  # regression seed in tests/fuzz/corpus/<target>/.
  mkdir -p build/fuzz-artifacts
  if ! ./build/sanitize/fuzz_$target -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
      -artifact_prefix="build/fuzz-artifacts/$target-" "$work" >"$log" 2>&1; then
    tail -40 "$log"
    echo "[fuzz] $target: FAILED (crash input in build/fuzz-artifacts/; log $log)"
    exit 1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$')
  echo "[fuzz] $target: $runs executions in ${seconds} s, no crash, no sanitizer report"
  if [ "$merge" = "--merge" ]; then
    ./build/sanitize/fuzz_$target -merge=1 tests/fuzz/corpus/$target "$work" >/dev/null 2>&1
  fi
done
