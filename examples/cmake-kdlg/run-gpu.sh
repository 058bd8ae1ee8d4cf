#!/usr/bin/env bash
# run-gpu.sh: builds examples/cmake-kdlg twice, original (KDLG_OPTIMIZE=OFF)
# and optimized (kdlg_optimize), runs both on the GPU and compares every byte
# of their outputs.  Exit status 0 when they are the same.
#
#   examples/cmake-kdlg/run-gpu.sh [KDLG_OPT_BUILD_DIR] [WORK_DIR]
#
# KDLG_OPT_BUILD_DIR: kdlg-opt's build tree (default: build/, built if
# needed); WORK_DIR: where the two builds go (default: a temporary
# directory).  Needs nvcc and a GPU; the architecture is the GPU's (native;
# $CUDA_ARCHS overrides it, e.g. 90).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
kdlg_build="$(realpath -m "${1:-$repo/build}")"
work="${2:-$(mktemp -d)}"
mkdir -p "$work"

if [ ! -f "$kdlg_build/kdlg-optConfig.cmake" ]; then
  cmake -S "$repo" -B "$kdlg_build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF -DKDLG_MAN_PAGES=OFF >/dev/null
fi
cmake --build "$kdlg_build" --target kdlg-opt -j"$(nproc)" >/dev/null

nvcc="${CUDACXX:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
for variant in original optimized; do  # both built first, then both run
  args=(-DKDLG_OPTIMIZE=OFF)
  [ "$variant" = optimized ] && args=(-DKDLG_OPTIMIZE=ON -Dkdlg-opt_DIR="$kdlg_build")
  cmake -S "$here" -B "$work/$variant" "${args[@]}" -DCMAKE_CUDA_COMPILER="$nvcc" \
        -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCHS:-native}" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$work/$variant" -j"$(nproc)" >/dev/null
done
for variant in original optimized; do
  "$work/$variant/particles" "$work/$variant.bin"
  echo "$variant: $("$work/$variant/particles")"
done
if cmp "$work/original.bin" "$work/optimized.bin"; then
  echo "run-gpu: the same $(stat -c %s "$work/original.bin") bytes (original and optimized)"
else
  echo "run-gpu: the outputs differ" >&2
  exit 1
fi
