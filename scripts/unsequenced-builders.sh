#!/usr/bin/env bash
# Lists the calls in lib/, tools/, test/lib/, unittests/ and bench/ (the
# files the build compiles) that build IR in more than one argument, and
# exits 1 if there is one (2 if it cannot check). C++ leaves the order in
# which a call's arguments are evaluated unspecified, so such a call emits
# its ops in an order that depends on the compiler (GCC goes right to
# left, clang left to right): the computation is the same, the printed IR
# is not (docs/building.md, "Other compilers"). Needs clang-query
# (Debian: clang-tools-22) and a configured build/ (its
# compile_commands.json); about 11 minutes of CPU, spread over the cores.
# Usage: scripts/unsequenced-builders.sh [FILE...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"
query_tool=/usr/lib/llvm-22/bin/clang-query
[ -x "$query_tool" ] || { echo "unsequenced-builders.sh: needs $query_tool (apt-get install clang-tools-22)" >&2; exit 2; }
[ -f "$build/compile_commands.json" ] || { echo "unsequenced-builders.sh: no $build/compile_commands.json (configure first)" >&2; exit 2; }

# A call that may build IR: its callee takes a builder, or something that
# holds one (FloatBuilder, a struct or lambda with an OpBuilder& field, up
# to two levels), or is a method of such a class; the accessors that build
# nothing are named (f16: GluDefinitions.cpp's f16 type). mlir::Builder
# (attributes and types only) is not one.
query=$(mktemp "${TMPDIR:-/tmp}/unsequenced.XXXXXX")
trap 'rm -f "$query"' EXIT
{
  echo 'set traversal AsIs'
  echo 'set output diag'
  echo 'let builder cxxRecordDecl(isSameOrDerivedFrom("::mlir::OpBuilder"))'
  echo 'let holder cxxRecordDecl(anyOf(builder, has(fieldDecl(hasType(references(builder))))))'
  echo 'let holder2 cxxRecordDecl(anyOf(holder, has(fieldDecl(hasType(references(holder))))))'
  echo 'let builds callExpr(callee(functionDecl(unless(hasAnyName("builder", "getLoc", "f16", "getContext", "getInsertionBlock", "getInsertionPoint", "getIndexAttr", "getI32IntegerAttr", "getI64IntegerAttr", "getIntegerAttr", "getF32FloatAttr", "getFloatAttr", "getStringAttr", "getUnitAttr")), anyOf(hasAnyParameter(hasType(references(holder2))), cxxMethodDecl(ofClass(holder2))))))'
  # A lambda argument's body runs inside the callee, not as an argument.
  echo 'let arg expr(anyOf(builds, hasDescendant(builds)), unless(anyOf(lambdaExpr(), hasDescendant(lambdaExpr()))))'
  pairs=""
  for i in $(seq 0 11); do
    for j in $(seq $((i + 1)) 11); do
      pairs+="${pairs:+, }allOf(hasArgument($i, arg), hasArgument($j, arg))"
    done
  done
  echo "match expr(anyOf(callExpr(anyOf($pairs)), cxxConstructExpr(anyOf($pairs))), unless(isExpansionInSystemHeader()))"
} > "$query"

if [ $# -eq 0 ]; then
  # The build's own files (tools/gpu-check is built by its own script).
  mapfile -t files < <(cd "$root" && git ls-files 'lib/*.cpp' 'tools/*.cpp' \
    'test/lib/*.cpp' 'unittests/*.cpp' 'bench/*.cpp' |
    while read -r f; do
      grep -qF "\"file\": \"$root/$f\"" "$build/compile_commands.json" && echo "$root/$f"
    done)
  set -- "${files[@]}"
fi
# One clang-query per file, as many at once as there are cores; a file it
# cannot parse is an error, not a clean result.
export query_tool build query
found=$(printf '%s\0' "$@" | xargs -0 -n 1 -P "$(nproc)" sh -c '
  out=$("$query_tool" -p "$build" -f "$query" "$1" 2>&1) || { echo "$out" >&2; exit 255; }
  case "$out" in *" error: "*) echo "$out" >&2; exit 255 ;; esac
  echo "$out" | sed -n "s/^\([^ ]*\.cpp:[0-9]*:[0-9]*\): note: \"root\" binds here\$/\1/p"
' sh) || { echo "unsequenced-builders.sh: clang-query failed (above)" >&2; exit 2; }
[ -z "$found" ] && exit 0
echo "$found" | sort -t: -k1,1 -k2,2n -u
exit 1
