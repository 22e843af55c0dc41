#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds, runs every lit test
# (regression, integration and the GoogleTest unit tests, which lit runs
# too), then the same suite once more built with AddressSanitizer and
# UndefinedBehaviorSanitizer (scripts/sanitize.sh; GLU_SANITIZE=0 skips
# it), and ends with one line "N passed, N failed[, N skipped]" counting
# both. Exits non-zero on any failure.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"
# Where the time goes (CI must stay well under 30 minutes): each phase's
# seconds, printed before the last line.
phases="" mark=$(date +%s)
phase() { local now; now=$(date +%s); phases+="${phases:+, }$1 $((now - mark)) s"; mark=$now; }

"$root/scripts/build.sh" || { echo "0 passed, 1 failed (build failed)"; exit 1; }
phase "install and build"
# The fuzzers (build-fuzz/); test/Fuzz runs them for about a minute
# (GLU_FUZZ_SECONDS, 0 to skip).
if [ "${GLU_FUZZ_SECONDS:-60}" != 0 ]; then
  "$root/scripts/fuzz.sh" build || { echo "0 passed, 1 failed (fuzzer build failed)"; exit 1; }
  phase "fuzzer build"
fi

log="$build/test-results.txt"
/usr/lib/llvm-22/bin/lit -v "$build/test" "$build/test/Unit" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
phase "plain suite"

count() { # count NAME: the number lit reports for that result kind, or 0
  local n
  n=$(sed -n "s/^ *$1 *: *\([0-9]*\).*/\1/p" "$log" | head -n1)
  echo "${n:-0}"
}
passed=$(( $(count Passed) + $(count "Expectedly Failed") ))
failed=$(( $(count Failed) + $(count "Unexpectedly Passed") + $(count Unresolved) + $(count "Timed Out") ))
skipped=$(( $(count Unsupported) + $(count Skipped) + $(count Excluded) ))
[ "$rc" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
fuzz_logs=""
[ "${GLU_FUZZ_SECONDS:-60}" != 0 ] &&
  fuzz_logs=$(ls "${GLU_FUZZ_BUILD_DIR:-$root/build-fuzz}"/last-*-run.log 2>/dev/null || true)
for f in $fuzz_logs; do
  echo "fuzz $(basename "$f" .log | sed 's/last-//; s/-run//'): $(grep -h '^Done' "$f" | tail -n1)"
done

# The sanitized suite (docs/fuzzing.md), so that the claim "the suite passes
# under ASan and UBSan" is checked by every run of this command.
if [ "${GLU_SANITIZE:-1}" != 0 ]; then
  san_log="$build/sanitize-results.txt"
  GLU_SANITIZE=0 "$root/scripts/sanitize.sh" >"$san_log" 2>&1
  san_rc=$?
  summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$san_log" | tail -n1)
  field() { echo "$summary" | sed -n "s/.*\b\([0-9][0-9]*\) $1.*/\1/p"; }
  san_passed=$(field passed) san_failed=$(field failed) san_skipped=$(field skipped)
  if [ "$san_rc" -ne 0 ]; then
    grep -E '^(FAIL|UNRESOLVED|TIMEOUT):|ERROR: (Address|Undefined|Leak)|runtime error:' "$san_log" | head -n 40
    tail -n 20 "$san_log"
    [ "${san_failed:-0}" -eq 0 ] && san_failed=1
    rc=1
  fi
  echo "sanitized (ASan+UBSan): ${summary:-no result}; $(tail -n1 "$san_log" | sed 's/^sanitize.sh: //'); log: $san_log"
  phase "sanitized build and suite"
  passed=$(( passed + ${san_passed:-0} ))
  failed=$(( failed + ${san_failed:-0} ))
  skipped=$(( skipped + ${san_skipped:-0} ))
fi
echo "time: $phases"
echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ]
