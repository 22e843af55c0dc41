#!/usr/bin/env bash
# Lists the calls in lib/ whose arguments build IR in more than one
# argument: C++ leaves the order in which a call's arguments are evaluated
# unspecified, so the ops come out in a different order when glu is built
# with another compiler (GCC evaluates right to left where clang goes left
# to right). The computation is the same, the printed IR is not (and
# tests that check the order fail: docs/building.md, "Other compilers").
# Needs clang-query (Debian: clang-tools-22) and a configured build/ (its
# compile_commands.json). Usage: scripts/unsequenced-builders.sh [FILE...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"
query_tool=/usr/lib/llvm-22/bin/clang-query
[ -x "$query_tool" ] || { echo "unsequenced-builders.sh: needs $query_tool (apt-get install clang-tools-22)" >&2; exit 1; }
[ -f "$build/compile_commands.json" ] || { echo "unsequenced-builders.sh: no $build/compile_commands.json (configure first)" >&2; exit 1; }

# A call that builds IR: it returns a Value or an op, takes a builder, or is
# a FloatBuilder method.
builds='callExpr(callee(functionDecl(anyOf(returns(hasCanonicalType(hasDeclaration(cxxRecordDecl(anyOf(hasName("::mlir::Value"), isDerivedFrom("::mlir::Value"), isDerivedFrom("::mlir::OpState")))))), hasAnyParameter(hasType(references(cxxRecordDecl(anyOf(hasName("::mlir::OpBuilder"), isDerivedFrom("::mlir::OpBuilder"), hasName("FloatBuilder")))))), hasParent(cxxRecordDecl(hasName("FloatBuilder")))))))'
arg="expr(anyOf($builds, hasDescendant($builds)))"
pairs=""
for i in 0 1 2 3 4 5; do
  for j in 0 1 2 3 4 5; do
    [ "$j" -gt "$i" ] || continue
    pairs+="${pairs:+, }allOf(hasArgument($i, $arg), hasArgument($j, $arg))"
  done
done
query=$(mktemp "${TMPDIR:-/tmp}/unsequenced.XXXXXX")
trap 'rm -f "$query"' EXIT
printf 'set output diag\nmatch expr(anyOf(callExpr(anyOf(%s)), cxxConstructExpr(anyOf(%s))), unless(isExpansionInSystemHeader()))\n' \
  "$pairs" "$pairs" > "$query"

if [ $# -eq 0 ]; then
  mapfile -t files < <(cd "$root" && git ls-files 'lib/*.cpp')
  set -- "${files[@]/#/$root/}"
fi
for f in "$@"; do
  "$query_tool" -p "$build" -f "$query" "$f" 2>&1 |
    sed -n 's/^\([^ ]*\.cpp:[0-9]*:[0-9]*\): note: "root" binds here$/\1/p'
done
