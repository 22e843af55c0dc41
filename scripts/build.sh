#!/usr/bin/env bash
# Configures (once) and builds glu into build/ at the repository root; tools
# land in build/bin. Usage: scripts/build.sh [extra ninja targets...]
# Environment: GLU_BUILD_DIR (default build), GLU_BUILD_TYPE (default Release),
# GLU_CMAKE_ARGS (extra configure arguments).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${GLU_BUILD_DIR:-$root/build}"
"$root/scripts/install-deps.sh"

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)

if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE="${GLU_BUILD_TYPE:-Release}" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    "${launcher[@]}" ${GLU_CMAKE_ARGS:-} >/dev/null
fi
# ccache caches files compiled with a precompiled header (lib/Transforms)
# only with this sloppiness (its manual, "Precompiled headers").
CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:+$CCACHE_SLOPPINESS,}pch_defines,time_macros,include_file_mtime,include_file_ctime" \
  ninja -C "$build" "$@"
