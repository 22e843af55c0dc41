#!/usr/bin/env bash
# The fused-neighbours benchmark: glu-run --benchmark on bench/fusion.mlir
# (triad; split: GLU alone, fused swiglu + scale + residual add, the same
# apart; packed (interleaved): GLU alone, fused bf16-to-f32 cast + swiglu +
# residual add, the same apart; a constant (splat) scale fused, and the same scale
# read from a tensor), --rounds rounds of every program, with the bytes
# each must move and the bandwidth against the triad of the same round
# (median over the rounds). Not a test.
# Usage: bench/fusion.sh [glu-run] [rounds (3)] [calls per run (15)]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
run="${1:-$root/build/bin/glu-run}"
rounds="${2:-3}"
calls="${3:-15}"
m="--input=4096x4096xf32=random"
p="--input=4096x8192xbf16=random:1"
programs=(triad glu fused apart packed_glu packed_fused packed_apart splat scale)
# Arrays of 4096 x 4096 f32 each program must move (reads and writes; a
# packed f32 operand is two, a packed bf16 one).
declare -A arrays=([triad]=3 [glu]=3 [fused]=5 [apart]=9 [packed_glu]=3
  [packed_fused]=3 [packed_apart]=9 [splat]=3 [scale]=4)
declare -A inputs=([triad]="$m:1 $m:2" [glu]="$m:1 $m:2"
  [fused]="$m:1 $m:2 $m:3 $m:4" [apart]="$m:1 $m:2 $m:3 $m:4"
  [packed_glu]="--input=4096x8192xf32=random:1" [packed_fused]="$p $m:3"
  [packed_apart]="$p $m:3" [splat]="$m:1 $m:2" [scale]="$m:1 $m:2 $m:3")
# Each round runs every program once; a program's bandwidth is compared
# with the triad of the same round (the machine's bandwidth drifts over
# minutes), and the table gives the median over the rounds (the range in
# brackets).
declare -A ms
for r in $(seq "$rounds"); do
  for f in "${programs[@]}"; do
    # shellcheck disable=SC2086
    ms[$f,$r]=$("$run" "$root/bench/fusion.mlir" --function=$f ${inputs[$f]} \
         --benchmark="$calls" | sed -n 's/^median_ms //p')
  done
done
bytes=$((4096 * 4096 * 4))
echo "| program | arrays moved | MB moved | ms | GB/s | of triad (range) |"
echo "|---|---:|---:|---:|---:|---:|"
for f in "${programs[@]}"; do
  for r in $(seq "$rounds"); do
    echo "${ms[$f,$r]} ${ms[triad,$r]}"
  done | awk -v f=$f -v n="${arrays[$f]}" -v b=$bytes '
    function median(a, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
        if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t } return a[int((k + 1) / 2)] }
    { k++; m[k] = $1; p[k] = 100 * (n / $1) / (3 / $2); q[k] = p[k] }
    END { med = median(m, k); pm = median(q, k); lo = p[1]; hi = p[1]
      for (i = 2; i <= k; i++) { if (p[i] < lo) lo = p[i]; if (p[i] > hi) hi = p[i] }
      printf "| %s | %d | %.0f | %.2f | %.1f | %.0f%% (%.0f-%.0f) |\n",
        f, n, n * b / 1e6, med, n * b / med / 1e6, pm, lo, hi }'
done
