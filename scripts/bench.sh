#!/usr/bin/env bash
# Runs the benchmarks and rewrites the generated part of
# docs/performance.md and docs/performance.png from what they measured
# (nothing typed by hand). The hand-written reference in
# docs/performance.md, between the HAND-WRITTEN markers, is kept as it is.
# Usage: scripts/bench.sh [--quick] [--out FILE]
#   (run on an otherwise idle machine; --quick: smaller sizes and fewer
#   rounds, for trying the script; --out: write FILE instead of
#   docs/performance.md, and FILE's .png beside it)
# With a ggml build (GGML_SRC_DIR, a checkout; GGML_BUILD_DIR, its build:
# how in the generated text), ggml's own f32 forward is measured as well.
# GLU_BENCH_SMOKE=1: tiny sizes, a check that the script runs (the test
# test/Integration/bench-script.test), no meaningful numbers.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"
quick="" doc="$root/docs/performance.md"
usage() { echo "usage: scripts/bench.sh [--quick] [--out FILE]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=--quick ;;
    --out) [ $# -ge 2 ] && [ -n "$2" ] || usage; doc="$2"; shift ;;
    *) usage ;;
  esac
  shift
done
smoke="${GLU_BENCH_SMOKE:-}"
mode="$quick"
[ -n "$smoke" ] && mode=--smoke
plot="${doc%.md}.png"
start=$(date +%s)

# The hand-written part of the document, kept across runs.
begin_mark="<!-- BEGIN HAND-WRITTEN: scripts/bench.sh keeps this part as it is -->"
end_mark="<!-- END HAND-WRITTEN -->"
src_doc="$doc"
[ -f "$src_doc" ] || src_doc="$root/docs/performance.md"
handwritten=$(awk -v b="$begin_mark" -v e="$end_mark" \
  '$0 == b { on = 1 } on { print } $0 == e { on = 0; found = 1 }
   END { exit !found }' "$src_doc") || {
  echo "bench.sh: error: $src_doc has no '$begin_mark' ... '$end_mark' part" >&2
  exit 1
}

if [ -z "$smoke" ]; then
  "$root/scripts/build.sh" build.ninja >/dev/null  # configure once
  cmake -DGLU_BENCH_NATIVE=ON "$build" >/dev/null    # baselines for this host
  "$root/scripts/build.sh" glu-bench glu-masked-load-probe glu-opt glu-compile glu-run >/dev/null
fi

# The machine, named in the plot and the text: lscpu's model name, and
# the core family where the name alone does not say it (a VM's "AMD EPYC").
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
family=$(lscpu | sed -n 's/^CPU family: *//p' | head -1)
if lscpu | grep -q AuthenticAMD; then
  case "$family" in
    25) cpu="$cpu (Zen 3/4, family 25)" ;;
    26) cpu="$cpu (Zen 5, family 26)" ;;
  esac
fi
cores=$(nproc)
cpu_name="$cpu, $cores cores"

out="$(mktemp -d "${TMPDIR:-/tmp}/glu-bench.XXXXXX")"
trap 'rm -rf "$out"' EXIT

# Compile time and object size of the full pipeline on every example:
# glu-to-llvm alone (glu-opt), and everything to an object file
# (glu-compile, with LLVM -O3).
compile_rows="" max_opt=0 max_compile=0 max_kb=0
examples=("$root"/examples/*.mlir)
[ -n "$smoke" ] && examples=("$root/examples/llama-swiglu.mlir")
for f in "${examples[@]}"; do
  name=$(basename "$f")
  t0=$(date +%s%N)
  "$build/bin/glu-opt" "$f" --glu-to-llvm -o /dev/null
  t1=$(date +%s%N)
  "$build/bin/glu-compile" "$f" -o "$out/example.o" --header="$out/example.h"
  t2=$(date +%s%N)
  ms_opt=$(( (t1 - t0) / 1000000 )) ms_compile=$(( (t2 - t1) / 1000000 ))
  kb=$(( $(stat -c %s "$out/example.o") / 1024 ))
  (( ms_opt > max_opt )) && max_opt=$ms_opt
  (( ms_compile > max_compile )) && max_compile=$ms_compile
  (( kb > max_kb )) && max_kb=$kb
  compile_rows+="| $name | $ms_opt | $ms_compile | $kb |"$'\n'
done

load=$(cut -d' ' -f1-3 /proc/loadavg)
# Whether other processes shared the cores: the 1-minute load against them.
if awk -v l="${load%% *}" -v c="$cores" 'BEGIN { exit !(l >= c) }'; then
  load_note="at or above the core count: other processes shared the cores and the memory"
else
  load_note="below the core count: the machine was otherwise idle"
fi
"$build/bin/glu-bench" $mode --csv "$out/bench.csv" | tee "$out/bench.md"
csv="$out/bench.csv"

# ggml's CPU forward, where a build of it is present (never vendored).
ggml_src="${GGML_SRC_DIR:-$build/ggml-src}" ggml_build="${GGML_BUILD_DIR:-$build/ggml}"
ggml_csv=""
if [ -z "$smoke" ] && [ -f "$ggml_build/src/libggml.a" ] &&
   [ -f "$ggml_build/src/libggml-cpu.a" ] && [ -f "$ggml_src/include/ggml.h" ]; then
  clang++-22 -O3 -std=c++17 -fopenmp "$root/bench/ggml-glu-bench.cpp" \
    -I"$ggml_src/include" "$ggml_build/src/libggml.a" \
    "$ggml_build/src/libggml-cpu.a" "$ggml_build/src/libggml-base.a" \
    -lpthread -Wl,-rpath,/usr/lib/llvm-22/lib -o "$out/ggml-glu-bench"
  "$out/ggml-glu-bench" $quick | tee "$out/ggml.csv"
  ggml_csv="$out/ggml.csv"
fi

# Compile time in the size of the graph (bench/compile-scaling.py).
sizes=1000,2500,5000,10000
[ -n "$quick" ] && sizes=1000,2500
[ -n "$smoke" ] && sizes=10
scaling_rows=$(python3 "$root/bench/compile-scaling.py" --glu-opt "$build/bin/glu-opt" \
  --sizes "$sizes" --markdown | tail -n +3)

# Fused neighbours (bench/fusion.sh: glu-run --benchmark, its own triad).
fusion_rows="" fusion_rounds=""
if [ -z "$smoke" ]; then
  if [ -n "$quick" ]; then
    fusion_rounds="1 round of 5 calls"
    fusion_rows=$(bash "$root/bench/fusion.sh" "$build/bin/glu-run" 1 5)
  else
    fusion_rounds="3 rounds of 15 calls"
    fusion_rows=$(bash "$root/bench/fusion.sh" "$build/bin/glu-run" 3 15)
  fi
fi

probe_rows="(not run: smoke)"
[ -z "$smoke" ] && probe_rows=$("$build/bin/glu-masked-load-probe")

threads=$(awk -F, 'NR>1 && $1=="large" {print $2}' "$csv" | sort -n | uniq | tr '\n' ' ')
set -- $threads
first="$1" last="${2:-$1}"
host_isa=$(awk -F, 'NR==2 {print $6}' "$csv")
# This host's instruction set first, then x86-64-v3's.
isas=$(awk -F, 'NR>1 && !seen[$6]++ {print $6}' "$csv" | paste -sd' ')

# The plot: % of the same-window triad at the large size.
if [ -z "$smoke" ]; then
  if ! command -v gnuplot >/dev/null; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get install -y -qq gnuplot-nox >/dev/null
  fi
  for t in $threads; do
    for isa in $isas; do
      # Per kernel: median, p10 and p90 of each direction and type.
      awk -F, -v t="$t" -v isa="$isa" 'NR>1 && $1=="large" && $2==t && $6==isa {
          key=$3; v[key","$4","$5]=$8 " " $15 " " $16
          if (!(key in seen)) { seen[key]=1; order[n++]=key } }
        END { split("fwd,f32 bwd,f32 fwd,bf16 bwd,bf16 fwd,f16 bwd,f16", c, " ");
          for (i = 0; i < n; i++) { k=order[i]; line=k;
            for (j = 1; j <= 6; j++) line=line " " ((k","c[j]) in v ? v[k","c[j]] : "0 0 0");
            print line } }' "$csv" > "$out/plot-$t-$isa.dat"
    done
  done
  series='using 2:3:4:xtic(1) title "fwd f32", "" using 5:6:7 title "bwd f32", "" using 8:9:10 title "fwd bf16", "" using 11:12:13 title "bwd bf16", "" using 14:15:16 title "fwd f16", "" using 17:18:19 title "bwd f16"'
  avx2_panel=""
  if [ -f "$out/plot-$last-avx2.dat" ] && [ "$host_isa" != avx2 ]; then
    avx2_panel="set title \"x86-64-v3 code (AVX2, no AVX-512), $last threads\"
plot \"$out/plot-$last-avx2.dat\" $series"
  fi
  cat > "$out/plot.gp" <<GP
set terminal pngcairo size 1200,1100 font ",10" noenhanced
set output "$plot"
set multiplot layout 3,1 title "glu kernels at the large size: % of the triad measured around each call, median and p10-p90 over the rounds ($cpu_name)"
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.8 border -1
set yrange [0:130]
set ylabel "% of triad"
set grid ytics
set xtics rotate by -20
set key outside right
set arrow from graph 0, first 90 to graph 1, first 90 nohead dt 2 lc rgb "red"
set title "$host_isa code, $first thread"
plot "$out/plot-$first-$host_isa.dat" $series
set title "$host_isa code, $last threads"
plot "$out/plot-$last-$host_isa.dat" $series
$avx2_panel
unset multiplot
GP
  gnuplot "$out/plot.gp"
fi

# % of the same-window triad at the large size on all cores, one table per
# instruction set: median (p10-p90 over the rounds).
pct_tables=""
for isa in $isas; do
  rows=$(awk -F, -v t="$last" -v isa="$isa" 'NR>1 && $1=="large" && $2==t && $6==isa {
      k=$3; v[k","$4","$5]=sprintf("%.0f (%.0f-%.0f)", $8, $15, $16);
      if (!(k in seen)) { seen[k]=1; order[n++]=k } }
    END { for (i = 0; i < n; i++) { k=order[i]; line="| " k;
        split("fwd,f32 bwd,f32 fwd,bf16 bwd,bf16 fwd,f16 bwd,f16", c, " ");
        for (j = 1; j <= 6; j++) line=line " | " v[k","c[j]];
        print line " |" } }' "$csv")
  pct_tables+="
**$isa code, $last threads** (% of triad, median (p10-p90)):

| kernel | fwd f32 | bwd f32 | fwd bf16 | bwd bf16 | fwd f16 | bwd f16 |
|---|---|---|---|---|---|---|
$rows
"
done

# Roofline-style reading of the same run: a kernel's one-thread
# cache-resident rate (no DRAM traffic) times the thread count is its
# compute ceiling (the two-thread cache-resident runs are too short to
# hide OpenMP's fork/join); the large-size rate can reach at most
# min(triad of its window, that ceiling).
bound_rows=$(awk -F, -v all="$last" 'NR>1 { k1=$3","$4","$5","$6; key=$2","k1;
    if ($1=="cache") { if ($2==1) c1[k1]=$7 }
    else if ($2==all) { l[key]=$7; t[key]=$12; th[key]=$2; kk[key]=k1; order[n++]=key } }
  END { for (i = 0; i < n; i++) { k=order[i]; split(k, f, ","); c = c1[kk[k]] * th[k];
    lim = (c < t[k]) ? "compute" : "memory"; best = (c < t[k]) ? c : t[k];
    printf "| %s | %s | %s | %s | %s | %.1f | %.1f | %.1f | %s | %.0f |\n",
      f[1], f[2], f[3], f[4], f[5], l[k], t[k], c, lim, 100*l[k]/best } }' "$csv")

# Cache-resident elements/ns, one thread: every kernel, each type, each
# instruction set; ggml's f32 forward next to glu's where it was measured.
cache_rows=$(awk -F, -v ggml="$ggml_csv" 'BEGIN {
    if (ggml != "") while ((getline line < ggml) > 0) { split(line, f, ",");
      if (f[1]=="cache" && f[2]==1) gg[f[3]]=f[4] } }
  NR>1 && $1=="cache" && $2==1 { k=$3; v[k","$4","$5","$6]=$9;
    if (!(k in seen)) { seen[k]=1; order[n++]=k } isas[$6]=1 }
  END { for (i = 0; i < n; i++) { k=order[i];
      split("avx512 native avx2", want, " ");
      for (j = 1; j <= 3; j++) { s=want[j]; if (!(s in isas)) continue;
        line="| " k " | " s;
        split("fwd,f32 bwd,f32 fwd,bf16 bwd,bf16 fwd,f16 bwd,f16", c, " ");
        for (m = 1; m <= 6; m++) { x=v[k","c[m]","s];
          line=line " | " ((x != "") ? sprintf("%.2f", x) : "") }
        print line " | " ((k in gg && j == 1) ? sprintf("%.2f", gg[k]) : "") " |" } } }' "$csv")

# glu's f32 forward against ggml's, same sizes, same threads.
ggml_rows=""
if [ -n "$ggml_csv" ]; then
  ggml_rows=$(awk -F, -v host="$host_isa" 'FNR==1 { file++ ; next }
    file==1 { gg[$1","$2","$3]=$4; next }
    $4=="fwd" && $5=="f32" && ($6==host || $6=="avx2") && ($1","$2","$3 in gg) {
      k=$1","$2","$3; v[k","$6]=$9; if (!(k in seen)) { seen[k]=1; order[n++]=k } }
    END { for (i = 0; i < n; i++) { k=order[i]; split(k, f, ",");
      printf "| %s | %s | %s | %.2f | %.2f | %.2f | %.2fx | %.2fx |\n", f[1], f[2], f[3],
        gg[k], v[k","host], v[k",avx2"], v[k","host]/gg[k], v[k",avx2"]/gg[k] } }' \
    "$ggml_csv" "$csv")
fi

# Against issue 10's targets, from this run: the large-size kernels on all
# cores under 90% of their triad, per instruction set and type group.
below() { # $1: isa, $2: awk condition on the type ($5)
  awk -F, -v t="$last" -v isa="$1" "NR>1 && \$1==\"large\" && \$2==t && \$6==isa && ($2) {
      n++; if (\$8 < 90) { b++; s = s sprintf(\"%s%s %s %s %.0f%%\", (b>1?\", \":\"\"), \$3, \$4, \$5, \$8) } }
    END { printf \"%d of %d at >= 90%%\", n-b, n; if (b) printf \"; below: %s\", s }" "$csv"
}
ggml_status="no ggml build was present: not measured in this run"
if [ -n "$ggml_csv" ]; then
  ggml_status=$(awk -F, -v host="$host_isa" 'FNR==1 { file++ ; next }
    file==1 { gg[$1","$2","$3]=$4; next }
    $4=="fwd" && $5=="f32" && $6==host && ($1","$2","$3 in gg) {
      r=$9/gg[$1","$2","$3]; n++; if (r < 1.2) { b++; s = s sprintf("%s%s %s/%s %.2fx", (b>1?", ":""), $3, $1, $2, r) } }
    END { printf "%d of %d (variant, size, threads) at >= 1.2x", n-b, n; if (b) printf "; below: %s", s }' \
    "$ggml_csv" "$csv")
fi
fused_status="not measured in this run (smoke)"
[ -n "$fusion_rows" ] && fused_status=$(echo "$fusion_rows" | awk -F'|' '
  { for (i = 2; i <= NF; i++) gsub(/^ +| +$/, "", $i) }
  $2 ~ /^(glu|fused|apart|packed_fused|splat|scale)$/ { s = s sprintf("%s%s %s", (s ? ", " : ""), $2, $7) }
  END { print "bench/fusion.sh, % of the triad of the same round: " s }')

elapsed=$(( $(date +%s) - start ))
flags=$(grep -o -w 'avx512f\|avx512_bf16\|avx512_fp16\|avx2\|fma\|f16c' /proc/cpuinfo | sort -u | paste -sd' ')
mem=$(awk '/^MemTotal:/ {printf "%d GiB", $2 / 1048576}' /proc/meminfo)
run_name="scripts/bench.sh${quick:+ $quick}${smoke:+ (GLU_BENCH_SMOKE=1)}"
large_desc="16384 x 4096 = 64M elements per operand (>= 256 MiB moved by every kernel), 5 rounds"
[ -n "$quick" ] && large_desc="2048 x 4096 = 8M elements per operand (--quick), 3 rounds"
[ -n "$smoke" ] && large_desc="16 x 4096 (smoke: no meaningful numbers), 1 round"
{
  cat <<MD
# Performance

<!-- GENERATED by scripts/bench.sh: everything above the HAND-WRITTEN
marker and the "Status against issue 10" section are rewritten by each run;
edit the script, not this text. -->

*Generated by \`$run_name\` on $(date -u '+%Y-%m-%d %H:%M UTC'), in $elapsed s;
every number in the generated sections comes from that run.* The
hand-written reference (what limits each kernel) follows the generated
part; the dated measurements and investigations behind it are in
[performance-analysis.md](performance-analysis.md).

## Machine

$cpu, $cores cores, $mem, CPU flags: $flags. Load average (1, 5, 15 min)
when glu-bench started: $load ($load_note).

## What is measured, and how

\`build/bin/glu-bench\` (bench/glu-bench.cpp) times the kernels of
bench/kernels.mlir, compiled ahead of time by glu-compile (vectorized,
row-parallel with OpenMP, destination passing), through their C ABI, once
as compiled for this host and once for x86-64-v3 (\`--mcpu=x86-64-v3\`:
AVX2 and FMA, no AVX-512, the code an AVX2-only host gets; the *isa*
column).

- **The triad next to every kernel.** This VM's memory bandwidth drifts
  over minutes (a triad measured once per size put kernels at 170% of it).
  Each kernel is timed in rounds: triad, kernel, scalar C++, triad,
  kernel, ..., triad (after one warm-up call of each), the triad over
  as many bytes as the kernel moves (so both see the same share of the
  last-level cache). A round's
  *% of triad* is the kernel's bandwidth over the mean of the two triads
  around its call; the table gives the median over the rounds and the
  spread (p10-p90, nearest rank: with 5 rounds the lowest and highest).
  *triad GB/s* is that kernel's window (the triads of its rounds).
- **Same threads, same placement.** The triad (\`a[i] = b[i] + s*c[i]\`,
  f32, [rows, cols] arrays of the kernel's element count) and the kernels
  run on the same OpenMP threads of one process, pinned one per core
  (\`OMP_PROC_BIND=close OMP_PLACES=cores\` unless set), over the same
  static partitions (rows of the kernels' operands, elements of the
  triad's arrays); every buffer is first written (first-touch
  page placement) by the thread that later reads or writes its rows.
  Buffers are written before timing: no allocation or page fault is timed.
- **Bytes per element**, the STREAM convention for both sides (what the
  program must read and write; the read a cached store's write-allocate
  adds is counted for neither): triad 2 reads + 1 write of f32 = 12 bytes;
  forward 2 reads + 1 write, backward 3 reads + 2 writes, in the storage
  type; the interleaved forms the same per gate/up pair (forward: reads
  [rows, 2c], writes [rows, c]; backward: reads dy [rows, c] and the pairs,
  writes [rows, 2c]). All stores are ordinary, write-allocating ones, so
  the DRAM traffic is 4/3 of the counted bytes for the triad and the
  forwards and 7/5 for the backwards: a backward that moves DRAM bytes as
  fast as the triad shows 95%, a forward 100%.
- **scalar C++**: a plain loop of the same math (libm expf/tanhf/erff),
  \`clang++ -O3 -march=native\`, OpenMP over elements with the same
  threads, timed in the same rounds; *speedup* is the median of its
  per-round time over the kernel's.
- **Sizes.** *large* = $large_desc; *cache* = 8 x 1024, resident in L2,
  2001 rounds: the cache-resident *elements/ns* are medians of 2001 calls
  of a few microseconds each, one thread (the compute rate).

## % of the triad at the large size, all cores
$pct_tables
![% of triad]($(basename "$plot"))

## Cache-resident elements/ns, one thread

The compute rate of each kernel alone (8 x 1024, in L2), per instruction
set, both 16-bit types. *ggml*: ggml's own f32 forward, same size and
thread, where a ggml build was present.

| kernel | isa | fwd f32 | bwd f32 | fwd bf16 | bwd bf16 | fwd f16 | bwd f16 | ggml fwd f32 |
|---|---|---|---|---|---|---|---|---|
$cache_rows
MD
  if [ -n "$ggml_rows" ]; then
    cat <<MD

## glu against ggml (f32 forward)

ggml's CPU backend (\`ggml_<variant>_split\`, \`ggml_swiglu_oai\`), built
from a checkout (never vendored: clone ggml-org/ggml into a directory
GGML_SRC_DIR, then \`cmake -G Ninja -S \$GGML_SRC_DIR -B \$GGML_BUILD_DIR
-DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON -DBUILD_SHARED_LIBS=OFF &&
ninja -C \$GGML_BUILD_DIR ggml ggml-cpu\`; default build/ggml-src and
build/ggml), timed by bench/ggml-glu-bench.cpp on the same sizes, inputs
and thread counts, its thread pool made once, right after glu-bench (not
interleaved with it: at the large size the ratio carries the bandwidth
drift between the two runs). Elements/ns; the ratios are glu / ggml.

| size | threads | kernel | ggml | glu ($host_isa) | glu (avx2) | glu/ggml | glu avx2/ggml |
|---|---|---|---|---|---|---|---|
$ggml_rows
MD
  fi
  cat <<MD

## What bounds each kernel at the large size, all cores

A kernel's one-thread cache-resident rate times the thread count is what
its instructions alone allow; the large-size rate can be at most the lower
of that and the triad of its window. *limited by* names the lower one; the
last column is the large-size rate as a % of it.

| threads | kernel | dir | type | isa | large GB/s | triad GB/s | compute ceiling GB/s | limited by | % of the attainable |
|---|---|---|---|---|---|---|---|---|---|
$bound_rows
MD
  if [ -n "$fusion_rows" ]; then
    cat <<MD

## Fusion with neighbours

\`bench/fusion.sh\` (glu-run --benchmark on bench/fusion.mlir, 4096 x 4096
f32, all cores; every program once per round, its bandwidth against the
triad program of the same round, the median over the rounds and their
range; $fusion_rounds): the GLU alone, fused with a scale and a residual add (one
pass), the same apart (three loops), packed bf16 cast + swiglu + add, a
constant scale and a tensor scale. *arrays moved*: the 4096 x 4096 f32
arrays each program must read and write.

$fusion_rows
MD
  fi
  cat <<MD

## Compile cost

The full pipeline on every example: glu-opt \`--glu-to-llvm\` alone, and
glu-compile to an object (LLVM -O3, 16-bit tables included), with the
object's size. Largest: $max_opt ms, $max_compile ms, $max_kb KiB.

| example | glu-opt --glu-to-llvm (ms) | glu-compile to an object (ms) | object (KiB) |
|---|---|---|---|
$compile_rows
In the size of the graph: \`bench/compile-scaling.py\` on generated graphs
of N glu ops ([compile-scaling.md](compile-scaling.md)); CPU seconds are
user + system of the one glu-opt process.

| graph | pipeline | glu ops | CPU s | wall s | CPU s per 1000 ops | peak RSS (MB) |
|---|---|---:|---:|---:|---:|---:|
$scaling_rows

## A probe: a load folded into a masked multiply

\`build/bin/glu-masked-load-probe\` (bench/masked-load-probe.cpp): reglu's
\`x > 0 ? x * g : 0\` hand-written with AVX-512 intrinsics, streaming
3 x 256 MiB on one thread, once as LLVM compiles it (the load of g folded
into the zero-masked multiply) and once with that load kept separate.

| code | GB/s |
|---|---|
$probe_rows

## All results

<details><summary>glu-bench's full table (every size, thread count, kernel, instruction set)</summary>

MD
  cat "$out/bench.md"
  cat <<MD

</details>

<!-- END OF THE GENERATED PART -->

$handwritten

## Status against issue 10

*Generated by the same run ($(date -u +%Y-%m-%d)); "this run" is the run
above, large size, $last threads.*

1. 16-bit storage at >= 90% of the same-window triad: bf16 and f16,
   $host_isa: $(below "$host_isa" '$5=="bf16" || $5=="f16"'). Bits identical to
   the computed path over all 65536 gates: unittests/Numerics/TablesTest.cpp
   (every variant x plan x 16-bit type, split and the three packings; the
   benchmark times split and swiglu_oai's interleaved form, one_round).
2. f32 at >= 90%: $host_isa: $(below "$host_isa" '$5=="f32"').
3. At least 1.2x ggml's f32 forward (same threads, $host_isa): $ggml_status.
4. Both instruction sets measured in this run: $isas. x86-64-v3 code at
   >= 90%: f32: $(below avx2 '$5=="f32"'); 16-bit: $(below avx2 '$5=="bf16" || $5=="f16"').
5. Compile cost: at most $max_opt ms (glu-opt) and $max_compile ms
   (glu-compile) of wall-clock time per example, objects at most $max_kb
   KiB (target: < 1 s, a few MB).
6. Fusion with neighbours: $fused_status.
7. This document and its plot are what \`scripts/bench.sh\` wrote: machine,
   both 16-bit types and f32, both instruction sets, cache-resident
   elements/ns, the ggml column $( [ -n "$ggml_csv" ] && echo "(measured)" || echo "(absent: no ggml build)" ); checked by
   test/Integration/bench-script.test (GLU_BENCH_SMOKE=1, tiny sizes).
MD
} > "$doc.tmp"
mv "$doc.tmp" "$doc"
echo "wrote $doc$( [ -z "$smoke" ] && echo " and $plot") in $elapsed s"
