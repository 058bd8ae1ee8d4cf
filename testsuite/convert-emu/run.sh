#!/usr/bin/env bash
# run.sh: the conversion emulator test (ctest convert-emu; no GPU).
#
#   run.sh --kdlg-opt KDLG_OPT --cxx CXX OUTDIR
#
# plans.py writes structs and plans; kdlg-opt rewrites them (--plan-in; every
# struct must be rewritten, with its generated conversion); extract.py keeps
# the host-compilable part; CXX compiles emulate.cpp with it; emulate runs
# every struct's generated conversion on the host and checks every byte
# (emulate.cpp says what).  Exit status: non-zero on any failure.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
kdlg_opt="" cxx=""
while [ $# -gt 1 ]; do
  case "$1" in
    --kdlg-opt) kdlg_opt="$2"; shift 2 ;;
    --cxx) cxx="$2"; shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] && [ -n "$kdlg_opt" ] && [ -n "$cxx" ] || { echo "usage: run.sh --kdlg-opt KDLG_OPT --cxx CXX OUTDIR" >&2; exit 2; }
out="$1"
rm -rf "$out" && mkdir -p "$out"
python3 "$here/plans.py" "$out"
"$kdlg_opt" "$out/shapes.cu" --plan-in "$out/plan.json" -o "$out/shapes_opt.cu" 2> "$out/remarks.txt"
if [ -s "$out/remarks.txt" ]; then
  echo "convert-emu: kdlg-opt left a struct alone:" >&2
  cat "$out/remarks.txt" >&2
  exit 1
fi
python3 "$here/extract.py" "$out/shapes_opt.cu" "$out/host_traits.cpp" "$out/structs.h"
"$cxx" -std=c++17 -O1 -w -I "$root/runtime" -I "$here" -I "$out" -DHOST_TRAITS='"host_traits.cpp"' \
  "$here/emulate.cpp" -o "$out/emulate"
"$out/emulate"
