#!/usr/bin/env bash
# Runs the benchmark and writes docs/performance.md and
# docs/performance.png from what it measured (nothing typed by hand).
# Usage: scripts/bench.sh [--quick]    (run on an otherwise idle machine)
# With a ggml build under build/ggml (how: docs/performance.md, "glu
# against ggml"), ggml's own f32 forward is measured in the same run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"
quick="${1:-}"
"$root/scripts/build.sh" build.ninja >/dev/null  # configure once
cmake -DGLU_BENCH_NATIVE=ON "$build" >/dev/null    # baselines for this host
"$root/scripts/build.sh" glu-bench glu-masked-load-probe glu-opt glu-compile >/dev/null

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
cpu_name="$cpu, $(nproc) cores"

out="$build/bench-results"
mkdir -p "$out"

# Compile time of the full pipeline on every example: glu-to-llvm alone
# (glu-opt), and everything to an object file (glu-compile, with LLVM -O3).
compile_rows=""
for f in "$root"/examples/*.mlir; do
  name=$(basename "$f")
  t0=$(date +%s%N)
  "$build/bin/glu-opt" "$f" --glu-to-llvm -o /dev/null
  t1=$(date +%s%N)
  "$build/bin/glu-compile" "$f" -o "$out/example.o" --header="$out/example.h"
  t2=$(date +%s%N)
  compile_rows+="| $name | $(( (t1 - t0) / 1000000 )) | $(( (t2 - t1) / 1000000 )) |"$'\n'
done

load=$(cut -d' ' -f1-3 /proc/loadavg)
# Whether other processes shared the cores: the 1-minute load against them.
if awk -v l="${load%% *}" -v c="$(nproc)" 'BEGIN { exit !(l >= c) }'; then
  load_note="at or above the core count: other processes shared the cores and the memory, and the large-size rows measure that"
else
  load_note="below the core count: the machine was otherwise idle"
fi
"$build/bin/glu-bench" $quick --csv "$out/bench.csv" | tee "$out/bench.md"

# ggml's CPU forward, where a build of it is present (never vendored).
ggml_src="${GGML_SRC_DIR:-$build/ggml-src}" ggml_build="${GGML_BUILD_DIR:-$build/ggml}"
ggml_csv=""
if [ -f "$ggml_build/src/libggml.a" ] && [ -f "$ggml_build/src/libggml-cpu.a" ] &&
   [ -f "$ggml_src/include/ggml.h" ]; then
  clang++-22 -O3 -std=c++17 -fopenmp "$root/bench/ggml-glu-bench.cpp" \
    -I"$ggml_src/include" "$ggml_build/src/libggml.a" \
    "$ggml_build/src/libggml-cpu.a" "$ggml_build/src/libggml-base.a" \
    -lpthread -Wl,-rpath,/usr/lib/llvm-22/lib -o "$out/ggml-glu-bench"
  "$out/ggml-glu-bench" $quick | tee "$out/ggml.csv"
  ggml_csv="$out/ggml.csv"
fi

# Compile time in the size of the graph (bench/compile-scaling.py).
scaling_rows=$(python3 "$root/bench/compile-scaling.py" --glu-opt "$build/bin/glu-opt" --markdown | tail -n +3)

# The plot: % of triad at the large size, per kernel, direction and type.
if ! command -v gnuplot >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get install -y -qq gnuplot-nox >/dev/null
fi
threads=$(awk -F, 'NR>1 && $1=="large" {print $2}' "$out/bench.csv" | sort -n | uniq | tr '\n' ' ')
host_isa=$(awk -F, 'NR==2 {print $6}' "$out/bench.csv")
for t in $threads; do
  for isa in $(awk -F, 'NR>1 {print $6}' "$out/bench.csv" | sort -u); do
    awk -F, -v t="$t" -v isa="$isa" 'NR>1 && $1=="large" && $2==t && $6==isa {
        key=$3; v[key","$4","$5]=$8; if (!(key in seen)) { seen[key]=1; order[n++]=key } }
      END { for (i = 0; i < n; i++) { k=order[i];
        printf "%s %s %s %s %s\n", k, v[k",fwd,f32"]+0, v[k",bwd,f32"]+0, v[k",fwd,bf16"]+0, v[k",bwd,bf16"]+0 } }' \
      "$out/bench.csv" > "$out/plot-$t-$isa.dat"
  done
done
set -- $threads
last="${2:-$1}"
avx2_panel=""
if [ -f "$out/plot-$last-avx2.dat" ] && [ "$host_isa" != avx2 ]; then
  avx2_panel="set title \"x86-64-v3 code (AVX2, no AVX-512), $last threads\"
plot \"$out/plot-$last-avx2.dat\" using 2:xtic(1) title \"fwd f32\", \"\" using 3 title \"bwd f32\", \"\" using 4 title \"fwd bf16\", \"\" using 5 title \"bwd bf16\""
fi
cat > "$out/plot.gp" <<GP
set terminal pngcairo size 1200,1100 font ",10" noenhanced
set output "$root/docs/performance.png"
set multiplot layout 3,1 title "glu kernels at the large size: % of the same-run triad bandwidth ($cpu_name)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set yrange [0:120]
set ylabel "% of triad"
set grid ytics
set xtics rotate by -20
set key outside right
set arrow from graph 0, first 90 to graph 1, first 90 nohead dt 2 lc rgb "red"
set title "$host_isa code, $1 thread"
plot "$out/plot-$1-$host_isa.dat" using 2:xtic(1) title "fwd f32", "" using 3 title "bwd f32", "" using 4 title "fwd bf16", "" using 5 title "bwd bf16"
set title "$host_isa code, $last threads"
plot "$out/plot-$last-$host_isa.dat" using 2:xtic(1) title "fwd f32", "" using 3 title "bwd f32", "" using 4 title "fwd bf16", "" using 5 title "bwd bf16"
$avx2_panel
unset multiplot
GP
gnuplot "$out/plot.gp"

# Roofline-style reading of the same run: a kernel's one-thread
# cache-resident rate (no DRAM traffic) times the thread count is its
# compute ceiling (the two-thread cache-resident runs are too short to
# hide OpenMP's fork/join); the large-size rate can reach at most
# min(triad, that ceiling).
bound_rows=$(awk -F, 'NR>1 { k1=$3","$4","$5","$6; key=$2","k1;
    if ($1=="cache") { if ($2==1) c1[k1]=$7 }
    else { l[key]=$7; t[key]=$7*100/$8; th[key]=$2; kk[key]=k1; order[n++]=key } }
  END { for (i = 0; i < n; i++) { k=order[i]; split(k, f, ","); c = c1[kk[k]] * th[k];
    lim = (c < t[k]) ? "compute" : "memory"; best = (c < t[k]) ? c : t[k];
    printf "| %s | %s | %s | %s | %s | %.1f | %.1f | %.1f | %s | %.0f |\n",
      f[1], f[2], f[3], f[4], f[5], l[k], t[k], c, lim, 100*l[k]/best } }' "$out/bench.csv")

# Cache-resident elements/ns, one thread: every kernel, both types, each
# instruction set; ggml's f32 forward next to glu's where it was measured.
cache_rows=$(awk -F, -v ggml="$ggml_csv" 'BEGIN {
    if (ggml != "") while ((getline line < ggml) > 0) { split(line, f, ",");
      if (f[1]=="cache" && f[2]==1) gg[f[3]]=f[4] } }
  NR>1 && $1=="cache" && $2==1 { k=$3; v[k","$4","$5","$6]=$9;
    if (!(k in seen)) { seen[k]=1; order[n++]=k } isas[$6]=1 }
  END { for (i = 0; i < n; i++) { k=order[i]; line="| " k;

      split("avx512 native avx2", want, " ");
      for (j = 1; j <= 3; j++) { s=want[j]; if (!(s in isas)) continue;
        line=line sprintf(" | %s: %.2f / %.2f / %.2f / %.2f", s,
          v[k",fwd,f32,"s], v[k",bwd,f32,"s], v[k",fwd,bf16,"s], v[k",bwd,bf16,"s]) }
      line=line " | " ((k in gg) ? sprintf("%.2f", gg[k]) : "") " |";
      print line } }' "$out/bench.csv")

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
    "$ggml_csv" "$out/bench.csv")
fi

probe_rows=$("$build/bin/glu-masked-load-probe")

cores=$(nproc)
flags=$(grep -o -w 'avx512f\|avx2\|fma\|f16c' /proc/cpuinfo | sort -u | tr '\n' ' ')
mem=$(free -g | awk '/Mem:/ {print $2 " GiB"}')
{
  cat <<MD
# Performance

Generated by \`scripts/bench.sh ${quick}\` on $(date -u +%Y-%m-%d); every
number below comes from that run. Machine: $cpu, $cores cores, $mem, CPU
flags: $flags. Every kernel is timed as compiled for this host and as
compiled for x86-64-v3 (the *isa* column). Load average (1, 5, 15 min)
when glu-bench started: $load ($load_note).

## What is measured, and how

\`build/bin/glu-bench\` (bench/glu-bench.cpp) times the kernels of
bench/kernels.mlir, compiled ahead of time by glu-compile (vectorized,
row-parallel with OpenMP, destination passing), through their C ABI with
caller-allocated buffers that are written once before timing: no
allocation or page fault is timed. Each figure is the median of repeated
calls after a warm-up. Bytes moved per element: forward 2 reads + 1 write,
backward 3 reads + 2 writes, in the storage type; the interleaved fused
forms read and write the same bytes per gate/up pair.

- **triad**: a STREAM-style \`a[i] = b[i] + s*c[i]\` on f32 arrays of the
  same element count, same thread count, same run (12 bytes per element):
  the machine's limit the kernels are compared with.
- **scalar C++**: a plain loop of the same math (libm expf/tanhf/erff),
  \`clang++ -O3 -march=native\`, OpenMP over elements with the same threads.
- Sizes: *large* = 16384 x 4096 = 64M elements per operand (>= 256 MiB
  moved by every kernel; --quick: 2048 x 4096); *cache* = 8 x 1024
  (resident in L2).

![% of triad](performance.png)

## Results

MD
  cat "$out/bench.md"
  cat <<MD

## What limits each kernel at the large size

A kernel's cache-resident rate (data in L2, no DRAM traffic; one thread,
times the thread count) is what its instructions alone allow; the
large-size rate can be at most the lower of that and triad. *limited by* names the lower one;
the last column is the large-size rate as a % of it.

| threads | kernel | dir | type | isa | large GB/s | triad GB/s | compute ceiling GB/s | limited by | % of the attainable |
|---|---|---|---|---|---|---|---|---|---|
$bound_rows

## Cache-resident elements/ns, one thread

The compute rate of each kernel alone (8 x 1024, in L2), per instruction
set: *avx512* is the code for this host, *avx2* the x86-64-v3 code
(\`glu-compile --mcpu=x86-64-v3\`: AVX2 and FMA, no AVX-512; what the JIT
and glu-compile produce on an AVX2-only host), timed on this host. Each
cell: fwd f32 / bwd f32 / fwd bf16 / bwd bf16. *ggml*: ggml's own f32
forward, same size and thread, where a ggml build was present.

| kernel | elements/ns | elements/ns | ggml fwd f32 |
|---|---|---|---|
$cache_rows

## A probe: a load folded into a masked multiply

\`build/bin/glu-masked-load-probe\` (bench/masked-load-probe.cpp): reglu's
\`x > 0 ? x * g : 0\` hand-written with AVX-512 intrinsics, streaming
3 x 256 MiB on one thread, once as LLVM compiles it (the load of g folded
into the zero-masked multiply) and once with that load kept separate.

| code | GB/s |
|---|---|
$probe_rows

## Compile time of the full pipeline on examples/

| example | glu-opt --glu-to-llvm (ms) | glu-compile to an object, LLVM -O3 (ms) |
|---|---|---|
$compile_rows

## Compile time in the size of the graph

\`bench/compile-scaling.py\` on generated graphs of N glu ops (what they
are, what was superlinear and what keeps it linear:
[compile-scaling.md](compile-scaling.md)). CPU seconds: user + system of
the one glu-opt process.

| graph | pipeline | glu ops | CPU s | wall s | CPU s per 1000 ops | peak RSS (MB) |
|---|---|---:|---:|---:|---:|---:|
$scaling_rows
MD
  if [ -n "$ggml_rows" ]; then
    cat <<MD

## glu against ggml (f32 forward)

ggml's CPU backend (\`ggml_<variant>_split\`, \`ggml_swiglu_oai\`), built
from a checkout under build/ (never vendored: \`fetch\` or clone
ggml-org/ggml into build/ggml-src, then \`cmake -G Ninja -S build/ggml-src
-B build/ggml -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON
-DBUILD_SHARED_LIBS=OFF && ninja -C build/ggml ggml ggml-cpu\`), timed by
bench/ggml-glu-bench.cpp on the same sizes, inputs and thread counts,
its thread pool made once. Elements/ns; the ratios are glu / ggml.

| size | threads | kernel | ggml | glu ($host_isa) | glu (avx2) | glu/ggml | glu avx2/ggml |
|---|---|---|---|---|---|---|---|
$ggml_rows
MD
  fi
  if [ -f "$root/docs/performance-analysis.md" ]; then
    echo
    cat "$root/docs/performance-analysis.md"
  fi
} > "$root/docs/performance.md"
echo "wrote docs/performance.md and docs/performance.png"
