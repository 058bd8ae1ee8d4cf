#!/usr/bin/env bash
# Quick start, step 1: install what is missing, build kdlg-opt, and analyse the
# bundled N-body kernel, printing its KDLG (DOT) and layout plan (JSON).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
echo "== KDLG of benchmarks/nbody/nbody.cu (DOT) =="
build/kdlg-opt benchmarks/nbody/nbody.cu --emit-dot -
echo "== layout plan (JSON) =="
build/kdlg-opt benchmarks/nbody/nbody.cu --emit-plan -
