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
# how in the generated text), glu-bench is linked with it and times ggml's
# own f32 forward in the same rounds as glu's.
# GLU_BENCH_SMOKE=1: tiny sizes, a check that the script runs (the test
# test/Integration/bench-script.test), no meaningful numbers; it takes the
# build as it is. 0 or empty: the full run.
# What a run needs is checked before it measures anything; a signal that
# ends the script ends what it runs too.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"
quick="" doc="$root/docs/performance.md"
usage() { echo "usage: scripts/bench.sh [--quick] [--out FILE]" >&2; exit 2; }
fail() { echo "bench.sh: error: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=--quick ;;
    --out) [ $# -ge 2 ] && [ -n "$2" ] || usage; doc="$2"; shift ;;
    *) usage ;;
  esac
  shift
done
case "${GLU_BENCH_SMOKE:-}" in
  "" | 0) smoke="" ;;
  1) smoke=1 ;;
  *) fail "GLU_BENCH_SMOKE='$GLU_BENCH_SMOKE' is neither 1 (the smoke run) nor 0 or empty (the full run)" ;;
esac
mode="$quick"
[ -n "$smoke" ] && mode=--smoke
plot="${doc%.md}.png"
start=$(date +%s)

# The document and its plot are written at the end: their folder must take
# new files now, not after the minutes of measuring.
doc_dir=$(dirname -- "$doc")
if [ -d "$doc" ]; then
  fail "--out $doc is a directory"
elif [ ! -d "$doc_dir" ]; then
  fail "--out $doc: there is no folder $doc_dir"
elif ! { : > "$doc.tmp"; } 2>/dev/null; then
  fail "--out $doc: cannot write in $doc_dir"
fi
rm -f "$doc.tmp"

# What the script runs is killed with it: bash runs a trap only between
# foreground commands (a signal would wait for glu-bench's minutes and leave
# it running), so the measuring commands run in the background (run), each
# in a process group of its own (setsid: compile-scaling.py's glu-opt too),
# while the script waits; a signal's trap ends that group, removes the
# scratch folder and ends the script by the same signal.
out="$(mktemp -d "${TMPDIR:-/tmp}/glu-bench.XXXXXX")"
child=""
trap 'rm -rf "$out"' EXIT
on_signal() {
  if [ -n "$child" ]; then
    kill -TERM -- -"$child" 2>/dev/null || kill -TERM "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  rm -rf "$out"
  trap - EXIT "$1"
  kill -"$1" $$
}
for signal in HUP INT TERM; do
  trap "on_signal $signal" "$signal"
done
run() {
  setsid -w "$@" &
  child=$!
  local status=0
  wait "$child" || status=$?
  child=""
  return "$status"
}
# run, with the command's standard output shown and copied to the file $1.
run_shown() {
  local file="$1" fd tee_pid status=0
  shift
  exec {fd}> >(tee "$file")
  tee_pid=$!
  run "$@" >&"$fd" || status=$?
  exec {fd}>&-
  wait "$tee_pid" || true
  return "$status"
}

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

# ggml's CPU forward, where a build of it is present (never vendored).
# Named in GGML_SRC_DIR or GGML_BUILD_DIR, it must be there: a mistyped
# folder would drop the comparison without a word.
ggml_src="${GGML_SRC_DIR:-$build/ggml-src}" ggml_build="${GGML_BUILD_DIR:-$build/ggml}"
ggml_files=("$ggml_src/include/ggml.h" "$ggml_build/src/libggml.a"
  "$ggml_build/src/libggml-cpu.a" "$ggml_build/src/libggml-base.a")
if [ -n "${GGML_SRC_DIR:-}${GGML_BUILD_DIR:-}" ]; then
  for var in GGML_SRC_DIR GGML_BUILD_DIR; do
    [ -z "${!var:-}" ] || [ -d "${!var}" ] || fail "$var=${!var} is not a folder"
  done
  for f in "${ggml_files[@]}"; do
    [ -f "$f" ] || fail "$f does not exist (GGML_SRC_DIR: a ggml checkout, GGML_BUILD_DIR: its build; docs/performance.md says how)"
  done
fi
ggml_present=1
for f in "${ggml_files[@]}"; do [ -f "$f" ] || ggml_present=""; done
if [ -n "$ggml_present" ] &&
   grep -qE '^GGML_OPENMP:BOOL=(ON|1|TRUE|YES)$' "$ggml_build/CMakeCache.txt" 2>/dev/null; then
  ggml_flags=(-DGLU_BENCH_GGML_SRC_DIR="$ggml_src" -DGLU_BENCH_GGML_BUILD_DIR="$ggml_build")
else
  [ -f "$ggml_build/src/libggml.a" ] && [ -z "$smoke" ] &&
    echo "bench.sh: note: $ggml_build is not a GGML_OPENMP=ON build of ggml: not compared" >&2
  ggml_flags=(-DGLU_BENCH_GGML_SRC_DIR= -DGLU_BENCH_GGML_BUILD_DIR=)
fi
tools=(glu-bench glu-opt glu-compile)
if [ -z "$smoke" ]; then
  tools+=(glu-masked-load-probe glu-lookup-probe)
  # Baselines for this host; glu-bench linked with ggml where it is built.
  # The build's output is shown only when it fails. It runs in the
  # foreground, on the terminal (sudo may ask for a password in
  # install-deps.sh), not under run.
  { "$root/scripts/build.sh" build.ninja && # configure once
    cmake -DGLU_BENCH_NATIVE=ON "${ggml_flags[@]}" "$build" &&
    "$root/scripts/build.sh" "${tools[@]}" glu-run; } > "$out/build.log" 2>&1 || {
    tail -n 30 "$out/build.log" >&2
    fail "the build in $build failed (its last lines above)"
  }
fi
for tool in "${tools[@]}"; do
  [ -x "$build/bin/$tool" ] ||
    fail "$build/bin/$tool is not built (GLU_BENCH_SMOKE=1 takes the build as it is: scripts/build.sh ${tools[*]})"
done
# Whether this glu-bench times ggml (the smoke run takes the build as it is).
ggml=""
case "$("$build/bin/glu-bench" --help)" in *"ggml: linked"*) ggml=1 ;; esac

# The machine, named in the plot and the text: lscpu's model name, and
# the core family where the name alone does not say it (a VM's "AMD EPYC").
cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
family=$(lscpu | sed -n 's/^CPU family: *//p' | head -1)
flags=$(grep -o -w 'avx512f\|avx512_bf16\|avx512_fp16\|avx2\|fma\|f16c' /proc/cpuinfo | sort -u | paste -sd' ')
if lscpu | grep -q AuthenticAMD; then
  case "$family" in
    # Family 25 is Zen 3 and Zen 4; only Zen 4 has AVX-512.
    25) case " $flags " in
          *" avx512f "*) cpu="$cpu (Zen 4, family 25)" ;;
          *) cpu="$cpu (Zen 3, family 25)" ;;
        esac ;;
    26) cpu="$cpu (Zen 5, family 26)" ;;
  esac
fi
cores=$(nproc)
cpu_name="$cpu, $cores cores"

# Compile time and object size of the full pipeline on every example:
# glu-to-llvm alone (glu-opt), and everything to an object file
# (glu-compile, with LLVM -O3).
compile_rows="" max_opt=0 max_compile=0 max_kb=0
examples=("$root"/examples/*.mlir)
[ -n "$smoke" ] && examples=("$root/examples/llama-swiglu.mlir")
for f in "${examples[@]}"; do
  name=$(basename "$f")
  # In the foreground (each a fraction of a second): run's fork of setsid
  # would be timed with them.
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
run_shown "$out/bench.md" "$build/bin/glu-bench" $mode --csv "$out/bench.csv"
csv="$out/bench.csv"

# Compile time in the size of the graph (bench/compile-scaling.py).
sizes=1000,2500,5000,10000
[ -n "$quick" ] && sizes=1000,2500
[ -n "$smoke" ] && sizes=10
run python3 "$root/bench/compile-scaling.py" --glu-opt "$build/bin/glu-opt" \
  --sizes "$sizes" --markdown > "$out/scaling.md"
scaling_rows=$(tail -n +3 "$out/scaling.md")

# Fused neighbours (glu-bench --fusion: bench/fusion.mlir's programs,
# each call between two triads).
run_shown "$out/fusion.md" "$build/bin/glu-bench" --fusion $mode --csv "$out/fusion.csv"
fusion_rows=$(cat "$out/fusion.md")
fusion_rounds=$(awk -F, 'NR==2 {print $15}' "$out/fusion.csv")

probe_rows="(not run: smoke)" lookup_rows="(not run: smoke)"
lookup_best="not measured (smoke run)"
if [ -z "$smoke" ]; then
  run "$build/bin/glu-masked-load-probe" > "$out/probe.md"
  probe_rows=$(cat "$out/probe.md")
  # Five processes, each row's best: the rate moves between processes
  # (3.2 to 4.4 elements/ns for one row on the Zen 5 VM, 2026-12-04), and
  # the ceiling is what the best of them shows.
  for i in 1 2 3 4 5; do
    run "$build/bin/glu-lookup-probe" >> "$out/lookup-runs.md"
  done
  awk -F'|' '{ k = $2 "|" $3; if (!(k in best)) order[n++] = k
      if ($4 + 0 > best[k] + 0 || !(k in best)) best[k] = $4 }
    END { for (i = 0; i < n; i++) print "|" order[i] "|" best[order[i]] "|" }' \
    "$out/lookup-runs.md" > "$out/lookup.md"
  lookup_rows=$(cat "$out/lookup.md")
  # The fastest formulation that looks up (rows: | name | lanes | rate |).
  lookup_best=$(awk -F'|' '$2 !~ /no lookup/ && $4+0 > best { best=$4+0; name=$2 }
    END { if (best > 0) { sub(/^ +/, "", name); sub(/ +$/, "", name);
        printf "at best %.2f elements/ns on one core, cache-resident (%s)", best, name }
      else print "not measured (no AVX2 on this host)" }' "$out/lookup.md")
fi

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

# What 90% of the triad asks of one core in a 16-bit forward (6 bytes per
# element), from the windows of the bf16 forwards on all cores (host ISA).
lookup_need=$(awk -F, -v all="$last" -v isa="$host_isa" 'NR>1 && $1=="large" &&
    $2==all && $4=="fwd" && $5=="bf16" && $6==isa { print $12 }' "$csv" |
  sort -n | awk -v all="$last" '{ t[++n]=$1 }
  END { if (n == 0) { print "(no large bf16 forward in this run)"; exit }
    m = (n % 2) ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2;
    printf "90%% of the triad (the median window of the bf16 forwards on %d threads: %.1f GB/s) asks each core for **%.2f elements/ns** of a 16-bit forward while streaming", all, m, 0.9 * m / 6 / all }')

# Cache-resident elements/ns, one thread: every kernel, each type, each
# instruction set; ggml's f32 forward next to glu's where it was measured.
cache_rows=$(awk -F, -v host="$host_isa" 'NR>1 && $1=="cache" && $2==1 &&
      $4=="fwd" && $5=="f32" && $6==host && $19 != "" { gg[$3]=$19 }
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

# glu's f32 forward against ggml's, timed in the same rounds: each side's
# % of the triads around its calls, and glu's speed over ggml's per round
# (ggml's time / glu's), median (p10-p90).
ggml_rows=""
if [ -n "$ggml" ]; then
  ggml_rows=$(awk -F, -v host="$host_isa" 'NR>1 && $4=="fwd" && $5=="f32" &&
      ($6==host || $6=="avx2") && $19 != "" {
      k=$1","$2","$3; if (!(k in seen)) { seen[k]=1; order[n++]=k }
      r[k","$6]=sprintf("%.2fx (%.2f-%.2f)", $23, $24, $25)
      p[k","$6]=sprintf("%.0f (%.0f-%.0f)", $8, $15, $16)
      if ($6==host) { g[k]=sprintf("%.2f | %.0f (%.0f-%.0f)", $19, $20, $21, $22); e[k]=$9 } }
    END { for (i = 0; i < n; i++) { k=order[i]; split(k, f, ",");
      printf "| %s | %s | %s | %s | %.2f | %s | %s | %s |\n", f[1], f[2], f[3],
        g[k], e[k], p[k","host], r[k","host], r[k",avx2"] } }' "$csv")
fi

# Against issue 10's targets, from this run: the large-size kernels on all
# cores under 90% of their triad, per instruction set and type group.
below() { # $1: isa, $2: awk condition on the type ($5)
  awk -F, -v t="$last" -v isa="$1" "NR>1 && \$1==\"large\" && \$2==t && \$6==isa && ($2) {
      n++; if (\$8 < 90) { b++; s = s sprintf(\"%s%s %s %s %.0f%%\", (b>1?\", \":\"\"), \$3, \$4, \$5, \$8) } }
    END { printf \"%d of %d at >= 90%%\", n-b, n; if (b) printf \"; below: %s\", s }" "$csv"
}
ggml_status="no ggml build was present: not measured in this run"
if [ -n "$ggml" ]; then
  ggml_status=$(awk -F, -v host="$host_isa" 'NR>1 && $4=="fwd" && $5=="f32" &&
      $6==host && $23 != "" { n++; if ($23 < 1.2) { b++;
        s = s sprintf("%s%s %s/%s %.2fx (%.2f-%.2f)", (b>1?", ":""), $3, $1, $2, $23, $24, $25) } }
    END { printf "%d of %d (variant, size, threads) at >= 1.2x, the median of the per-round ratios", n-b, n;
      if (b) printf "; below: %s", s }' "$csv")
fi
# The fused programs against the GLU alone, from the same rounds.
fused_status=$(awk -F, 'NR>1 && $10 != "" {
    s = s sprintf("%s%s %.0f%% (%.0f-%.0f) of the triad, %.2fx (%.2f-%.2f) %s'"'"'s time",
      (s ? "; " : ""), $1, $7, $8, $9, $11, $12, $13, $10) }
  END { print "glu-bench --fusion, each call against the triads around it: " s }' "$out/fusion.csv")

elapsed=$(( $(date +%s) - start ))
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
  Each operand and each of the triad's arrays starts at its own offset in
  a page (its slot times 576 bytes past a 2 MiB-aligned address), the same
  in every run: with one offset for all, a kernel's loads 4K-aliased its
  stores.
- **The inputs** (bench/inputs.h): gates 2·N(0,1), up values N(0,1), dy
  0.5·N(0,1), rounded to nearest in the storage type, what an FFN's
  pre-activations look like (a 16-bit table kernel's speed depends on how
  many of its table's lines the gates touch: 2·N(0,1) takes 22367 f16
  values, where a grid of 4096 values touched half the lines).
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
- **ggml** (where a build was present: $( [ -n "$ggml" ] && echo "it was" || echo "it was not" )): glu-bench is then
  linked with ggml's CPU backend and times ggml's f32 forward of the same
  variant in the same rounds as each glu f32 forward (triad, glu, ggml,
  triad, ggml, glu, ...: the two take turns at going first), on the same
  buffers (ggml tensors are views of glu-bench's, so the same pages,
  placed the same way) and the same OpenMP threads (ggml built with
  GGML_OPENMP runs on the process's OpenMP runtime).

## % of the triad at the large size, all cores
$pct_tables
![% of triad]($(basename "$plot"))

## Cache-resident elements/ns, one thread

The compute rate of each kernel alone (8 x 1024, in L2), per instruction
set, both 16-bit types. *ggml*: ggml's own f32 forward, same size and
thread, timed in the same rounds as glu's, where a ggml build was present.

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
build/ggml; glu-bench links it: bench/ggml-glu.cpp), timed by glu-bench
in the same rounds as glu's kernel, on the same buffers and threads, its
graph, plan and thread pool made once. *% of triad*: each side against
the triads around its calls, median (p10-p90). *glu/ggml*: ggml's time
over glu's, call by call in the same round, median (p10-p90) over the
rounds: the bandwidth drift cancels in it. The avx2 column is glu's
x86-64-v3 code against ggml timed in its own rounds.

| size | threads | kernel | ggml elements/ns | ggml % of triad | glu ($host_isa) elements/ns | glu % of triad | glu/ggml | glu avx2/ggml |
|---|---|---|---|---|---|---|---|---|
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

\`glu-bench --fusion\`: the programs of bench/fusion.mlir, compiled by
glu-compile (4096 x 4096 f32, all cores; rounds: $fusion_rounds), every call
between two calls of glu-bench's triad (triad, program 1, triad, program 2,
triad, ...), the same threads and first-touch placement as above; the
GLU alone, fused with a scale and a residual add (one pass), the same
apart (three loops), packed bf16 cast + swiglu + add, a constant scale
and a tensor scale; *triad* in the list is the compiled one of
fusion.mlir. *arrays moved*: the 4096 x 4096 f32 arrays each program must
read and write. *% of triad*: against the two triads around the call;
*time / reference's*: the call's time over the reference program's
(the GLU alone, or the packed GLU alone) in the same round; both median
(p10-p90) over the rounds. A program's temporaries come from the heap,
reused call after call (no fresh pages faulted in per call).

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

## A probe: the 16-bit table lookup's ceiling

\`build/bin/glu-lookup-probe\` (bench/lookup-probe.cpp): a tabulated bf16
forward, y = round(T[gate] * up) with a 65536-entry f32 table,
hand-written in each formulation of the lookup (this host's vectors;
glu-bench's inputs), cache-resident, one thread, each row the best
of five processes (issue 10, item 1).
$lookup_need; the best row below is the most one core's lookups allow,
before any memory traffic.

| formulation | lanes | elements/ns |
|---|---|---|
$lookup_rows

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
   The lookups alone (*A probe: the 16-bit table lookup's ceiling*):
   $lookup_best; $lookup_need.
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
   elements/ns, the ggml column $( [ -n "$ggml" ] && echo "(measured)" || echo "(absent: no ggml build)" ); checked by
   test/Integration/bench-script.test (GLU_BENCH_SMOKE=1, tiny sizes).
MD
} > "$doc.tmp"
mv "$doc.tmp" "$doc"
echo "wrote $doc$( [ -z "$smoke" ] && echo " and $plot") in $elapsed s"
