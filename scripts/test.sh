#!/usr/bin/env bash
# Quick start, step 2 (and CI): install what is missing, build, and run the
# whole test suite through ctest: cmocka unit tests, lit/FileCheck tests, the
# OpenCL differential tests on PoCL and the CUDA compile tests with nvcc (the
# GPU half, label gpu, runs on a GPU machine: testsuite/cuda/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=ON >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -LE gpu -j"$(nproc)"
