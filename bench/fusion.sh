#!/usr/bin/env bash
# The fused-neighbours benchmark: glu-run --benchmark on bench/fusion.mlir
# (triad, GLU alone, fused swiglu + scale + residual add, the same apart),
# best median of --rounds runs each, with the bytes each must move and the
# bandwidth against the triad of the same run. Not a test.
# Usage: bench/fusion.sh [glu-run] [rounds (3)] [calls per run (15)]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
run="${1:-$root/build/bin/glu-run}"
rounds="${2:-3}"
calls="${3:-15}"
two="--input=4096x4096xf32=random:1 --input=4096x4096xf32=random:2"
four="$two --input=4096x4096xf32=random:3 --input=4096x4096xf32=random:4"
declare -A best arrays=([triad]=3 [glu]=3 [fused]=5 [apart]=9)
for _ in $(seq "$rounds"); do
  for f in triad glu fused apart; do
    inputs=$two; [ "$f" = fused ] || [ "$f" = apart ] && inputs=$four
    # shellcheck disable=SC2086
    ms=$("$run" "$root/bench/fusion.mlir" --function=$f $inputs \
         --benchmark="$calls" | sed -n 's/^median_ms //p')
    if [ -z "${best[$f]:-}" ] || awk "BEGIN{exit !($ms < ${best[$f]})}"; then
      best[$f]=$ms
    fi
  done
done
bytes=$((4096 * 4096 * 4))
triad=$(awk "BEGIN{print ${arrays[triad]} * $bytes / ${best[triad]} / 1e6}")
echo "| program | arrays moved | MB moved | ms | GB/s | of triad |"
echo "|---|---:|---:|---:|---:|---:|"
for f in triad glu fused apart; do
  awk -v f=$f -v n="${arrays[$f]}" -v b=$bytes -v ms="${best[$f]}" -v t="$triad" \
    'BEGIN{gbs = n * b / ms / 1e6;
           printf "| %s | %d | %.0f | %.2f | %.1f | %.0f%% |\n", f, n, n * b / 1e6, ms, gbs, 100 * gbs / t}'
done
