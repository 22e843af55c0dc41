#!/usr/bin/env bash
# Builds the GPU check (tools/gpu-check, docs/gpu.md) into gpu-check/: the
# self-contained x86-64 programs scripts/gpu-check.sh runs where the GPU is.
# It needs glu-opt (build it first) and the CUDA toolkit here; where they
# run they need only the CUDA driver (no MLIR, LLVM or toolkit).
#
#   glu-gpu-check      every case through the CPU pipeline (cpu_*) and
#                      through glu-to-nvvm as sm_90 cubins (gpu_*, with the
#                      16-bit tables); the bandwidth cases in bf16 also with
#                      tables=0 (cmp_*: the "computed" columns)
#   glu-gpu-check-ptx  (.gz) the same with the kernels as PTX (ISA 8.0), which the
#                      driver compiles: the fallback for a driver older than
#                      the cubins (ptxas 13.0 needs a CUDA 13 driver)
#   glu-cuda-probe     what the driver says at start-up (no kernels)
#   *.o.gz, *.link     the objects and link lines, so that gpu-check.sh can
#                      relink where a program cannot start (a C library
#                      older than 2.34)
#
# Usage: scripts/build-gpu-check.sh [--emulated-only] [--filter=REGEX] [OUTDIR]
#   --emulated-only   instead: glu-gpu-check with the CPU objects and the
#                     kernels emulated on the CPU (emu_*, and wrap_* with at
#                     most 3 blocks per launch); it runs --dry-run only, and
#                     needs no toolkit
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
if [ "$gpu" = 1 ]; then
  [ -x "$toolkit/bin/ptxas" ] || { echo "build-gpu-check.sh: no ptxas in $toolkit/bin (use --emulated-only)" >&2; exit 1; }
  kinds="cpu gpu ptx cmp"
else
  kinds="cpu emu wrap"
fi
mkdir -p "$out"
cc="${CXX:-clang++-22}"

gen="python3 $root/tools/gpu-check/gen_cases.py --filter=$filter"
$gen --prefix=cpu_ --mlir="$out/cases_cpu.mlir" --table="$out/cases.inc"
for kind in $kinds; do
  case "$kind" in
    # One thread (no libomp on the GPU machine), vectors for its AVX2.
    cpu) prefix=cpu_ pipeline="--glu-to-llvm=threads=1 vector-bits=256" ;;
    emu) prefix=emu_ pipeline="--glu-to-llvm-emulating-gpu" ;;
    wrap) prefix=wrap_ pipeline="--glu-to-llvm-emulating-gpu=max-blocks=3" ;;
    gpu) prefix=gpu_ pipeline="--glu-to-nvvm=format=bin toolkit=$toolkit" ;;
    ptx) prefix=gpu_ pipeline="--glu-to-nvvm=format=isa toolkit=$toolkit" ;;
    # The bandwidth cases in bf16 (default plan) computing the definition
    # (tables=0), timed next to the tables: the "computed" columns.
    cmp) prefix=cmp_ pipeline="--glu-to-nvvm=format=bin toolkit=$toolkit tables=0" ;;
  esac
  if [ "$kind" = cmp ]; then
    : > "$out/computed.inc"
    python3 "$root/tools/gpu-check/gen_cases.py" --prefix=cmp_ --types=bf16 \
      --filter="^(?=.*(?:$filter))[a-z_]+_two_round_(split|halves|interleaved)_(fwd|bwd)_bf16\$" \
      --mlir="$out/cases_cmp.mlir" --table="$out/computed.inc" 2>/dev/null || continue
    cmp=1
  elif [ "$kind" != cpu ]; then
    $gen --prefix="$prefix" --mlir="$out/cases_$kind.mlir"
  fi
  "$build/bin/glu-opt" "$out/cases_$kind.mlir" "$pipeline" -o "$out/cases_$kind.llvm.mlir"
  "$llvm/mlir-translate" --mlir-to-llvmir "$out/cases_$kind.llvm.mlir" -o "$out/cases_$kind.ll"
  # The CPU of the GPU machine is x86-64 with AVX2/FMA/F16C (v3), like the
  # machines glu-run's JIT compiles for here. Code generation only (no IR
  # optimization: the CPU side is small, the GPU side is the kernels); no
  # option changes any bits (no fast-math, no contraction).
  "$llvm/llc" -O2 -mcpu=x86-64-v3 -relocation-model=pic -filetype=obj "$out/cases_$kind.ll" -o "$out/cases_$kind.o"
  rm -f "$out/cases_$kind.llvm.mlir" "$out/cases_$kind.ll"
  [ "$kind" = cpu ] || rm -f "$out/cases_$kind.mlir"
done

# One link line per program (its source, defines and objects), written
# down for gpu-check.sh's relink. libstdc++ is linked statically, libgcc_s
# dynamically, and glibc-compat.c supplies arc4random: the programs need
# glibc 2.34 at most (it says why), and start on Ubuntu 22.04 as built.
"$cc" -x c -O2 -c "$root/tools/gpu-check/glibc-compat.c" -o "$out/glibc-compat.o"
# llc may call __truncsfbf2 (f32 -> bf16) for scalar bf16 code, which
# Debian 12's libgcc lacks: compiler-rt's builtins travel with the objects.
cp "$("$cc" --rtlib=compiler-rt -print-libgcc-file-name)" "$out/rt-builtins.a"
link() { # NAME SOURCE DEFINES OBJECTS...
  local name="$1" source="$2" defines="$3"; shift 3
  set -- "$@" rt-builtins.a
  echo "$source $defines $*" > "$out/$name.link"
  local objects=()
  for o in "$@"; do objects+=("$out/$o"); done
  "$cc" -O2 -std=c++17 $defines -I"$root/include" -I"$out" \
    "$root/tools/gpu-check/$source" "$root/lib/Runtime/CudaRuntime.cpp" \
    "$out/glibc-compat.o" "${objects[@]}" -ldl -lm -static-libstdc++ \
    -o "$out/$name"
}
if [ "$gpu" = 1 ]; then
  if [ -n "${cmp:-}" ]; then
    link glu-gpu-check harness.cpp "-DGLU_CHECK_GPU -DGLU_CHECK_COMPUTED" cases_cpu.o cases_gpu.o cases_cmp.o
  else
    link glu-gpu-check harness.cpp "-DGLU_CHECK_GPU" cases_cpu.o cases_gpu.o
  fi
  link glu-gpu-check-ptx harness.cpp "-DGLU_CHECK_GPU -DGLU_CHECK_PTX" cases_cpu.o cases_ptx.o
  link glu-cuda-probe probe.cpp ""
  # What only a fallback needs travels compressed (the cubins and PTX
  # compress 5:1): the PTX program and the objects; gpu-check.sh unpacks
  # them when it falls back or relinks. The carry stays small.
  gzip -f -9 "$out/glu-gpu-check-ptx" "$out"/cases_*.o
else
  link glu-gpu-check harness.cpp "-DGLU_CHECK_EMU" cases_cpu.o cases_emu.o cases_wrap.o
fi
rm -f "$out/glibc-compat.o"
echo "built $out ($kinds; $(grep -c '^CASE' "$out/cases.inc") cases; $(du -sm "$out" | cut -f1) MiB)"
