#!/usr/bin/env bash
# The main job: installs dependencies, builds glu, and runs the examples:
# every file in examples/ is verified and lowered to LLVM by glu-opt, and each
# function is JIT-compiled and called by glu-run on random inputs.
# Then glu-train trains the GLU FFNs of examples/training through
# glu-differentiate and checks their gradients and the MoE router's.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"
"$root/scripts/build.sh"

cd "$root"
echo "== glu-opt: verify and lower every example to the LLVM dialect"
for f in examples/*.mlir; do
  "$build/bin/glu-opt" "$f" --glu-to-llvm -o /dev/null
  echo "  ok  $f"
done

echo "== glu-run: call each example function on random inputs (4 rows)"
# function, then one inline input spec per argument
run() {
  local file=$1 fn=$2
  shift 2
  local args=()
  for spec in "$@"; do args+=("--input=$spec"); done
  "$build/bin/glu-run" "examples/$file" --function="$fn" "${args[@]}" |
    awk -v f="$file" -v fn="$fn" 'NR<=2 { line[NR]=$0 } END { printf "  %-26s @%-28s %s |%s\n", f, fn, line[1], substr(line[2], 1, 60) }'
}
run llama-swiglu.mlir swiglu 4x11008xbf16=random:1 4x11008xbf16=random:2
run llama-swiglu.mlir swiglu_back 4x11008xbf16=random:3 4x11008xbf16=random:1 4x11008xbf16=random:2
run gemma-geglu.mlir geglu 4x32768xbf16=random:1
run gemma-geglu.mlir geglu_back 4x16384xbf16=random:2 4x32768xbf16=random:1
run gpt-oss-swiglu-oai.mlir swiglu_oai_interleaved 4x5760xbf16=random:1
run gpt-oss-swiglu-oai.mlir swiglu_oai_halves 4x5760xbf16=random:1
run gpt-oss-swiglu-oai.mlir swiglu_oai_interleaved_back 4x2880xbf16=random:2 4x5760xbf16=random:1
run reglu.mlir reglu 4x1024xf32=random:1 4x1024xf32=random:2
run reglu.mlir reglu_back 4x1024xf32=random:3 4x1024xf32=random:1 4x1024xf32=random:2
run geglu-erf.mlir geglu_erf 4x8192xf16=random:1
run geglu-erf.mlir geglu_erf_back 4x4096xf16=random:2 4x8192xf16=random:1
run geglu-quick.mlir geglu_quick 4x4096xf32=random:1 4x4096xf32=random:2
run geglu-quick.mlir geglu_quick_ggml 4x4096xf32=random:1 4x4096xf32=random:2
run geglu-quick.mlir geglu_quick_ggml_back 4x4096xf32=random:3 4x4096xf32=random:1 4x4096xf32=random:2

echo "== glu-train: train a GLU FFN per model family through glu-differentiate"
"$build/bin/glu-train" examples/training/ffn.mlir
"$build/bin/glu-train" examples/training/moe-router.mlir
echo "== done"
