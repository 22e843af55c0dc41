#!/usr/bin/env bash
# The GPU check (docs/gpu.md), on a machine with an NVIDIA GPU and its
# driver: every glu case compared bit for bit with the CPU pipeline, then
# bandwidth against a device-to-device copy; one table printed last.
# Needs only gpu-check/ as scripts/build-gpu-check.sh built it (no MLIR, no
# LLVM, no toolkit); finishes well under 5 minutes.
#
# Usage: scripts/gpu-check.sh [DIR] [glu-gpu-check options...]
#   DIR defaults to gpu-check/; options: --filter=REGEX, --no-bandwidth,
#   --reps=N, --dry-run (no GPU: CPU against the emulated kernels).
# Exit status: the harness's (0 identical bits, 1 a difference or an error,
# 4 no CUDA driver found).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/gpu-check"
if [ $# -gt 0 ] && [ -d "$1" ]; then dir="$1"; shift; fi
bin="$dir/glu-gpu-check"
[ -x "$bin" ] || { echo "gpu-check.sh: $bin missing: run scripts/build-gpu-check.sh where MLIR is" >&2; exit 1; }

# A binary linked against a newer C library than this machine's cannot
# start: relink the carried objects here.
if ! "$bin" --help >/dev/null 2>&1; then
  cxx="$(command -v c++ || command -v g++ || command -v clang++ || true)"
  [ -n "$cxx" ] || { echo "gpu-check.sh: the binary does not start and no C++ compiler is here" >&2; exit 1; }
  defines="-DGLU_CHECK_EMU"
  [ -f "$dir/cases_gpu.o" ] && defines="$defines -DGLU_CHECK_GPU"
  echo "gpu-check.sh: relinking $bin with $cxx"
  "$cxx" -O2 -std=c++17 $defines -I"$root/include" -I"$dir" \
    "$root/tools/gpu-check/harness.cpp" "$root/lib/Runtime/CudaRuntime.cpp" \
    "$dir"/cases_*.o "$dir"/rt-builtins.a -ldl -lm -o "$bin" || exit 1
fi

# Well inside the 5 minutes the check is sized for.
timeout 280 "$bin" "$@"
