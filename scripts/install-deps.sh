#!/usr/bin/env bash
# Installs what glu needs from Debian 12's archive: LLVM/MLIR 22, clang/lld,
# ninja, cmake, ccache, GoogleTest, clang's sanitizer and libFuzzer runtimes.
# Idempotent and quiet when everything is already present.
set -euo pipefail

PACKAGES=(
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  clang-22 lld-22 ninja-build cmake ccache python3 python3-numpy
  libclang-rt-22-dev
  libgtest-dev libomp-22-dev clang-format-22
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
