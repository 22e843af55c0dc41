#!/usr/bin/env bash
# clang-format (LLVM style, .clang-format) over every C and C++ file of the
# repository. Usage: scripts/format.sh [--check]
#   (none)   rewrites the files in place
#   --check  changes nothing; lists unformatted files, exits 1 if any
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fmt="${CLANG_FORMAT:-clang-format-22}"
command -v "$fmt" >/dev/null || { echo "format.sh: $fmt not found (scripts/install-deps.sh installs it)" >&2; exit 2; }
cd "$root"
# lit test sources (a RUN: line) are left alone: clang-format would reflow
# their CHECK comments into each other.
mapfile -t files < <(git ls-files '*.c' '*.cpp' '*.h' | grep -v '/Inputs/' |
  while read -r f; do grep -q 'RUN:' "$f" || echo "$f"; done)
if [ "${1:-}" = --check ]; then
  bad=0
  for f in "${files[@]}"; do
    if ! "$fmt" --dry-run -Werror "$f" >/dev/null 2>&1; then
      echo "not clang-formatted: $f"; bad=1
    fi
  done
  exit $bad
fi
"$fmt" -i "${files[@]}"
