#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds, runs every lit test
# (regression, integration and the GoogleTest unit tests, which lit runs
# too), and ends with one line "N passed, N failed[, N skipped]".
# Exits non-zero on any failure.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"

"$root/scripts/build.sh" || { echo "0 passed, 1 failed (build failed)"; exit 1; }
# The fuzzers (build-fuzz/); test/Fuzz runs them for about a minute
# (GLU_FUZZ_SECONDS, 0 to skip).
if [ "${GLU_FUZZ_SECONDS:-60}" != 0 ]; then
  "$root/scripts/fuzz.sh" build || { echo "0 passed, 1 failed (fuzzer build failed)"; exit 1; }
fi

log="$build/test-results.txt"
/usr/lib/llvm-22/bin/lit -v "$build/test" "$build/test/Unit" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}

count() { # count NAME: the number lit reports for that result kind, or 0
  local n
  n=$(sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | head -n1)
  echo "${n:-0}"
}
passed=$(( $(count Passed) + $(count "Expectedly Failed") ))
failed=$(( $(count Failed) + $(count "Unexpectedly Passed") + $(count Unresolved) + $(count "Timed Out") ))
skipped=$(( $(count Unsupported) + $(count Excluded) ))
[ "$rc" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
fuzz_logs=""
[ "${GLU_FUZZ_SECONDS:-60}" != 0 ] &&
  fuzz_logs=$(ls "${GLU_FUZZ_BUILD_DIR:-$root/build-fuzz}"/last-*-run.log 2>/dev/null || true)
for f in $fuzz_logs; do
  echo "fuzz $(basename "$f" .log | sed 's/last-//; s/-run//'): $(grep -h '^Done' "$f" | tail -n1)"
done
echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ]
