#!/usr/bin/env bash
# Builds the GPU check (tools/gpu-check, docs/gpu.md) into gpu-check/: a
# self-contained x86-64 binary with every case compiled three ways (CPU
# pipeline, emulated GPU kernels, GPU kernels for sm_90 + host code) and the
# project's CUDA runtime. It needs glu-opt (build it first) and the CUDA
# toolkit here; where it runs it needs only the CUDA driver.
#
# Usage: scripts/build-gpu-check.sh [--emulated-only] [--filter=REGEX] [OUTDIR]
#   --emulated-only   no GPU objects (no toolkit needed): the binary runs
#                     --dry-run only (CPU against emulated kernels)
#   --filter=REGEX    only the cases whose names match (default: all)
# Environment: GLU_BUILD_DIR (default build), GLU_CUDA_TOOLKIT (default
# /usr/local/cuda).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"
toolkit="${GLU_CUDA_TOOLKIT:-/usr/local/cuda}"
llvm=/usr/lib/llvm-22/bin
gpu=1 filter="" out="$root/gpu-check"
for arg in "$@"; do
  case "$arg" in
    --emulated-only) gpu=0 ;;
    --filter=*) filter="${arg#--filter=}" ;;
    -*) echo "build-gpu-check.sh: unknown option $arg" >&2; exit 1 ;;
    *) out="$arg" ;;
  esac
done
[ -x "$build/bin/glu-opt" ] || { echo "build-gpu-check.sh: $build/bin/glu-opt missing: run scripts/build.sh" >&2; exit 1; }
mkdir -p "$out"
cc="${CXX:-clang++-22}"
kinds="cpu emu"
defines="-DGLU_CHECK_EMU"
if [ "$gpu" = 1 ]; then
  [ -x "$toolkit/bin/ptxas" ] || { echo "build-gpu-check.sh: no ptxas in $toolkit/bin (use --emulated-only)" >&2; exit 1; }
  kinds="cpu emu gpu"
  defines="$defines -DGLU_CHECK_GPU"
fi

gen="python3 $root/tools/gpu-check/gen_cases.py --filter=$filter"
$gen --prefix=cpu_ --mlir="$out/cases_cpu.mlir" --table="$out/cases.inc"
objects=()
for kind in $kinds; do
  [ "$kind" = cpu ] || $gen --prefix="${kind}_" --mlir="$out/cases_$kind.mlir"
  case "$kind" in
    # One thread (no libomp on the GPU machine), vectors for its AVX2.
    cpu) pipeline="--glu-to-llvm=threads=1 vector-bits=256" ;;
    emu) pipeline="--glu-to-llvm-emulating-gpu" ;;
    gpu) pipeline="--glu-to-nvvm=format=bin toolkit=$toolkit" ;;
  esac
  "$build/bin/glu-opt" "$out/cases_$kind.mlir" "$pipeline" -o "$out/cases_$kind.llvm.mlir"
  "$llvm/mlir-translate" --mlir-to-llvmir "$out/cases_$kind.llvm.mlir" -o "$out/cases_$kind.ll"
  # The CPU of the GPU machine is x86-64 with AVX2/FMA/F16C (v3), like the
  # machines glu-run's JIT compiles for here. Code generation only (no IR
  # optimization: the CPU side is small, the GPU side is the kernels); no
  # option changes any bits (no fast-math, no contraction).
  "$llvm/llc" -O2 -mcpu=x86-64-v3 -relocation-model=pic -filetype=obj "$out/cases_$kind.ll" -o "$out/cases_$kind.o"
  rm -f "$out/cases_$kind.llvm.mlir" "$out/cases_$kind.ll"
  objects+=("$out/cases_$kind.o")
done
# llc may call __truncsfbf2 (f32 -> bf16) for scalar bf16 code, which
# Debian 12's libgcc lacks: compiler-rt's builtins travel with the objects.
cp "$("$cc" --rtlib=compiler-rt -print-libgcc-file-name)" "$out/rt-builtins.a"
"$cc" -O2 -std=c++17 $defines -I"$root/include" -I"$out" \
  "$root/tools/gpu-check/harness.cpp" "$root/lib/Runtime/CudaRuntime.cpp" \
  "${objects[@]}" "$out/rt-builtins.a" -ldl -lm -static-libstdc++ \
  -static-libgcc -o "$out/glu-gpu-check"
# The objects stay: scripts/gpu-check.sh relinks them where the binary
# cannot start (an older C library).
echo "built $out/glu-gpu-check ($(echo $kinds | wc -w) object kinds, $(grep -c '^CASE' "$out/cases.inc") cases)"
