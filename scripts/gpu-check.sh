#!/usr/bin/env bash
# The GPU check (docs/gpu.md), prepared for one call on a machine with an
# NVIDIA GPU and its driver (no MLIR, LLVM or CUDA toolkit needed there),
# about 5 minutes with its own timeouts. In order:
#   1. the machine: GPU, driver version, compute capability, MIG mode
#      (nvidia-smi), glibc, the C++ compiler;
#   2. whether each program can start (the dynamic loader's own check, which
#      runs no code); where it cannot (an older glibc), its message, then a
#      relink of the carried objects with the machine's c++;
#   3. the driver's start-up, raw (glu-cuda-probe: cuInit's result, driver
#      API version, devices, compute capability);
#   4. a smoke case with CUDA_MODULE_LOADING=EAGER; if the cubins do not
#      load (a driver older than ptxas 13.0), the PTX variant from then on,
#      and every later line says which kernels ran;
#   5. every case and shape compared bit for bit with the CPU (full grid and
#      a 3-block grid whose grid-stride loops wrap around);
#   6. the bandwidth table against a device-to-device copy.
# Everything is printed and written to OUTDIR/gpu-check.txt, with each
# step's output in its own file and a summary in OUTDIR/summary.txt.
#
# Usage: scripts/gpu-check.sh [--out=OUTDIR] [DIR] [glu-gpu-check options]
#   DIR     what scripts/build-gpu-check.sh built (default gpu-check/)
#   OUTDIR  default $OUT when set (the device tool's), else gpu-check-out/
#   options are passed to every glu-gpu-check run (--filter=REGEX,
#   --reps=N, --bandwidth-shape=ROWSxHALF; --no-bandwidth skips step 6)
# Environment: GLU_GPU_CHECK_SECONDS, the time the whole script may take
# (default 420; each step's timeout is cut to what is left).
# Exit status: 0 identical bits and a bandwidth table; 1 a difference, an
# error or a timeout; 4 no CUDA driver library.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/gpu-check"
out="${OUT:-$root/gpu-check-out}"
args=()
for arg in "$@"; do
  case "$arg" in
    --out=*) out="${arg#--out=}" ;;
    -*) args+=("$arg") ;;
    *) dir="$arg" ;;
  esac
done
[ -x "$dir/glu-gpu-check" ] || { echo "gpu-check.sh: $dir/glu-gpu-check missing: run scripts/build-gpu-check.sh where MLIR is"; exit 1; }
mkdir -p "$out" || exit 1
exec > >(tee "$out/gpu-check.txt") 2>&1
# The tee runs on its own: at exit, close its input and wait until it has
# written everything, or a caller reading our output right after we return
# (the lit test) may find it cut short.
tee_pid=$!
trap 'exec >&- 2>&-; wait "$tee_pid"' EXIT
summary="$out/summary.txt"
: > "$summary"
note() { echo "$*"; echo "$*" >> "$summary"; }
step() { echo; echo "== $* =="; }
# The whole script ends within GLU_GPU_CHECK_SECONDS (default 420): each
# step gets its own timeout, cut to what is left.
budget="${GLU_GPU_CHECK_SECONDS:-420}"
# run NAME SECONDS COMMAND...: runs with a timeout, its output to the log and
# to OUTDIR/NAME.txt; returns its status (124: timed out or no time left).
run() {
  local name="$1" seconds="$2"; shift 2
  local left=$((budget - SECONDS - 5))
  if [ "$left" -lt 5 ]; then
    echo "gpu-check.sh: $name skipped: the ${budget}s are spent" | tee "$out/$name.txt"
    return 124
  fi
  [ "$seconds" -gt "$left" ] && seconds="$left"
  timeout -k 5 "$seconds" "$@" 2>&1 | tee "$out/$name.txt"
  local status=${PIPESTATUS[0]}
  [ "$status" = 124 ] || [ "$status" = 137 ] && echo "gpu-check.sh: $name stopped after ${seconds}s"
  return "$status"
}

step "machine"
note "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
note "host: $(uname -srm)"
note "glibc: $(getconf GNU_LIBC_VERSION 2>&1)"
cxx="$(command -v c++ || command -v g++ || command -v clang++ || true)"
note "c++: ${cxx:-none}${cxx:+ ($("$cxx" --version 2>&1 | head -1))}"
note "CUDA_VISIBLE_DEVICES: ${CUDA_VISIBLE_DEVICES-unset}"
if command -v nvidia-smi > /dev/null; then
  run nvidia-smi 30 nvidia-smi --query-gpu=name,driver_version,compute_cap,mig.mode.current,memory.total,pci.bus_id --format=csv
  run nvidia-smi-list 30 nvidia-smi -L
else
  note "nvidia-smi: not found"
fi

step "programs"
# unpack FILE: FILE, or FILE.gz unpacked next to it (what only a fallback
# needs travels compressed).
unpack() {
  [ -e "$1" ] && return 0
  [ -f "$1.gz" ] || { echo "gpu-check.sh: $1 missing" >&2; return 1; }
  gzip -dc "$1.gz" > "$1.tmp" && mv "$1.tmp" "$1"
}
# startable NAME: prints the path of a program NAME that can start here.
# The dynamic loader resolves its libraries and symbol versions without
# running it (no constructors, no driver start-up); where that fails, its
# message is shown and the carried objects are relinked with the machine's
# c++ (the link line the build wrote down in NAME.link).
startable() {
  local name="$1" bin="$dir/$1" trace status
  unpack "$bin" || return 1
  chmod +x "$bin"
  trace="$(timeout -k 5 20 env LD_TRACE_LOADED_OBJECTS=1 "$bin" 2>&1)"
  status=$?
  if [ "$status" = 0 ] && ! grep -q "not found" <<< "$trace"; then
    echo "$bin"
    return 0
  fi
  echo "gpu-check.sh: $name cannot start here (loader status $status):" >&2
  grep -v "=> /\|linux-vdso\|ld-linux" <<< "$trace" | sed 's/^/  /' >&2
  [ -n "$cxx" ] || { echo "gpu-check.sh: no C++ compiler to relink $name" >&2; return 1; }
  [ -f "$dir/$name.link" ] || { echo "gpu-check.sh: no $name.link to relink from" >&2; return 1; }
  local source="" defines=() objects=()
  for word in $(cat "$dir/$name.link"); do
    case "$word" in
      *.cpp) source="$root/tools/gpu-check/$word" ;;
      -D*) defines+=("$word") ;;
      *) unpack "$dir/$word" || return 1; objects+=("$dir/$word") ;;
    esac
  done
  mkdir -p "$dir/relinked"
  echo "gpu-check.sh: relinking $name with $cxx" >&2
  timeout -k 5 180 "$cxx" -O2 -std=c++17 "${defines[@]}" -I"$root/include" -I"$dir" \
    "$source" "$root/lib/Runtime/CudaRuntime.cpp" "${objects[@]}" -ldl -lm \
    -o "$dir/relinked/$name" >&2 || { echo "gpu-check.sh: relinking $name failed" >&2; return 1; }
  echo "$dir/relinked/$name"
}
probe="$(startable glu-cuda-probe)" || { note "result: the driver probe cannot start"; exit 1; }
check="$(startable glu-gpu-check)" || { note "result: glu-gpu-check cannot start"; exit 1; }
note "programs: $probe, $check"

step "driver start-up (glu-cuda-probe)"
run probe 30 "$probe"
status=$?
grep -E "^(libcuda|cuInit|driver API|devices|device 0|start-up)" "$out/probe.txt" >> "$summary"
if [ "$status" = 4 ]; then note "result: no CUDA driver library"; exit 4; fi
if [ "$status" != 0 ]; then note "result: the CUDA driver did not start (status $status)"; exit 1; fi

step "smoke case (CUDA_MODULE_LOADING=EAGER)"
# One case: swiglu's bf16 interleaved backward (two kernels, 32-byte pair
# accesses), or the first case of a --filter.
smoke=(--filter='^swiglu_two_round_interleaved_bwd_bf16$' --no-bandwidth)
[[ " ${args[*]-} " == *" --filter="* ]] && smoke=(--limit=1 --no-bandwidth)
CUDA_MODULE_LOADING=EAGER run smoke 60 "$check" "${args[@]}" "${smoke[@]}"
status=$?
kernels=cubins
if [ "$status" = 5 ]; then
  note "the cubins did not load: $(grep 'did not load' "$out/smoke.txt")"
  note "falling back to the PTX (ISA 8.0) variant, compiled by the driver"
  check="$(startable glu-gpu-check-ptx)" || { note "result: glu-gpu-check-ptx cannot start"; exit 1; }
  kernels=PTX
  CUDA_MODULE_LOADING=EAGER run smoke-ptx 180 "$check" "${args[@]}" "${smoke[@]}"
  status=$?
fi
note "kernels: $kernels ($check)"
note "smoke: status $status$(grep -h '^verdict' "$out"/smoke*.txt | tail -1 | sed 's/^/, /')"
if [ "$status" = 5 ] || [ "$status" = 4 ]; then note "result: no kernels loaded"; exit 1; fi

step "bits: every case and shape against the CPU ($kernels)"
run bits 150 "$check" "${args[@]}" --no-bandwidth
bits=$?
note "bits: status $bits$(grep -h '^verdict' "$out/bits.txt" | sed 's/^/, /')"

bandwidth=0
if [[ " ${args[*]-} " == *" --no-bandwidth "* ]]; then
  note "bandwidth: not measured (--no-bandwidth)"
else
  step "bandwidth against a device-to-device copy ($kernels)"
  run bandwidth 150 "$check" "${args[@]}" --no-bits
  bandwidth=$?
  note "bandwidth: status $bandwidth$(grep -h '^copy:' "$out/bandwidth.txt" | sed 's/^/, /')"
fi

step "summary"
cat "$summary"
[ "$bits" = 0 ] && [ "$bandwidth" = 0 ] && exit 0
exit 1
