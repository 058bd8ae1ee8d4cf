#!/usr/bin/env bash
# Installs what kdlg-opt needs to build and test, by Debian package name and pip.
# Idempotent: packages already present are skipped, so a second run is fast.
set -euo pipefail

APT_PACKAGES=(
  cmake make gcc g++ pkg-config  # g++: nvcc's host compiler, and host-compiled .cpp files (lit %host-cxx, examples/particles)
  clang-22 libclang-22-dev llvm-22-tools libclang-rt-22-dev
  libomp-22-dev  # omp.h for CUDA programs whose host code uses OpenMP (nvcc -Xcompiler -fopenmp)
  uthash-dev libjansson-dev libcmocka-dev nettle-dev libiberty-dev
  graphviz help2man diffutils patch
  pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo
  python3 python3-pip
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# lit (LLVM's test runner) comes from PyPI; FileCheck from llvm-22-tools.
if ! python3 -c 'import lit' 2>/dev/null; then
  echo "install-deps: pip install lit"
  python3 -m pip install -q lit 2>/dev/null || python3 -m pip install -q --break-system-packages lit
fi
