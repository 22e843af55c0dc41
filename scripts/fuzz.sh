#!/usr/bin/env bash
# The libFuzzer targets of fuzz/ (docs/fuzzing.md), built with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer into build-fuzz/.
#
#   scripts/fuzz.sh build                 configure and build the fuzzers,
#                                         (re)make the seed corpora
#   scripts/fuzz.sh run SECONDS [TARGET]  run each fuzzer (or TARGET) for
#                                         SECONDS; new inputs go to the
#                                         corpus, crashes to artifacts/
#
# The short run of the test command is test/Fuzz (lit, 40 + 20 s).
# Environment: GLU_FUZZ_BUILD_DIR (default build-fuzz), GLU_FUZZ_JOBS
# (parallel fuzzing processes for `run`, libFuzzer's -fork; default 1).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_FUZZ_BUILD_DIR:-$root/build-fuzz}"
fuzzers=(glu-ir-fuzzer glu-npy-fuzzer)

make_seeds() {
  python3 "$root/fuzz/make-seeds.py" "$root" "$build/seeds"
}

case "${1:-}" in
build)
  log="$(mktemp)"
  if ! GLU_BUILD_DIR="$build" GLU_BUILD_TYPE=RelWithDebInfo \
    GLU_CMAKE_ARGS="-DGLU_BUILD_FUZZERS=ON ${GLU_CMAKE_ARGS:-}" \
    "$root/scripts/build.sh" glu-fuzzers >"$log" 2>&1; then
    tail -n 40 "$log"
    rm -f "$log"
    echo "fuzz.sh: building the fuzzers failed"
    exit 1
  fi
  rm -f "$log"
  make_seeds
  mkdir -p "$build/corpus/ir" "$build/corpus/npy" "$build/artifacts"
  ;;
run)
  seconds="${2:?usage: fuzz.sh run SECONDS [TARGET]}"
  targets=("${fuzzers[@]}")
  [ $# -ge 3 ] && targets=("$3")
  status=0
  for target in "${targets[@]}"; do
    kind=${target#glu-}
    kind=${kind%-fuzzer}
    echo "== $target: $seconds s"
    parallel=()
    jobs="${GLU_FUZZ_JOBS:-1}"
    [ "$jobs" -gt 1 ] && parallel=(-fork="$jobs")
    log="$build/last-$kind-run.log"
    set +e
    (cd "$build" && "$build/bin/$target" -max_total_time="$seconds" \
      -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 "${parallel[@]}" \
      -dict="$root/fuzz/$kind.dict" \
      -artifact_prefix="$build/artifacts/$kind-" \
      "$build/corpus/$kind" "$build/seeds/$kind") >"$log" 2>&1
    rc=$?
    set -e
    grep -E "^(Done|stat::|SUMMARY|INFO: Seed)|ERROR|Test unit written" "$log" || true
    [ $rc -eq 0 ] || { status=1; echo "$target FAILED (log: $log)"; }
  done
  exit $status
  ;;
*)
  sed -n '2,14p' "$0"
  exit 2
  ;;
esac
