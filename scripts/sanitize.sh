#!/usr/bin/env bash
# The whole test suite under AddressSanitizer and UndefinedBehaviorSanitizer
# (docs/fuzzing.md); scripts/test.sh runs it after the plain suite. Builds
# every target of the fuzzer build, build-fuzz (-DGLU_BUILD_FUZZERS=ON
# implies -DGLU_ENABLE_SANITIZERS=ON: every library, tool, unit test and
# the C API test; a report aborts the process, so it fails its test), and
# runs scripts/test.sh there. One sanitized build serves the fuzzers and
# the suite: the libraries are compiled once. The fuzzers' short run is left
# out (the plain suite runs it), and the throughput tests run a part of
# their cases (the `sanitizers` lit feature; docs/fuzzing.md lists them).
# Prints the time it took.
# Environment: GLU_SAN_BUILD_DIR (default: GLU_FUZZ_BUILD_DIR, build-fuzz).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
start=$(date +%s)
# The same configuration as scripts/fuzz.sh, whichever configures first.
export GLU_BUILD_DIR="${GLU_SAN_BUILD_DIR:-${GLU_FUZZ_BUILD_DIR:-$root/build-fuzz}}"
export GLU_BUILD_TYPE=RelWithDebInfo
export GLU_CMAKE_ARGS="-DGLU_BUILD_FUZZERS=ON ${GLU_CMAKE_ARGS:-}"
export GLU_FUZZ_SECONDS=0 GLU_SANITIZE=0
# allow_user_poisoning=0: the LLVM allocator code inlined into glu's
# instrumented code poisons slabs that libMLIR's uninstrumented copy hands
# out without unpoisoning (a false use-after-poison; docs/fuzzing.md).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1:allow_user_poisoning=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
"$root/scripts/test.sh"
rc=$?
echo "sanitize.sh: $(( $(date +%s) - start )) s (build and tests, in $GLU_BUILD_DIR)"
exit $rc
