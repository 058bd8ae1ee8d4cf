#!/usr/bin/env bash
# run.sh: the conversion emulator test (ctest convert-emu; no GPU).
#
#   run.sh --kdlg-opt KDLG_OPT --cxx CXX OUTDIR
#
# plans.py writes structs and plans, and so does the GPU benchmark's
# benchmarks/convert/gen_shapes.py (its matrix); for each, kdlg-opt rewrites
# them (--plan-in; every struct must be rewritten, with its generated
# conversion); extract.py keeps
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

# emulate DIR SHAPES.cu PLAN.json: rewrite, extract, compile, run
emulate() {
  local dir="$1" shapes="$2" plan="$3"
  if ! "$kdlg_opt" "$shapes" --plan-in "$plan" --fail-if-kept -o "$dir/shapes_opt.cu" 2> "$dir/remarks.txt" ||
     grep -q ": remark: " "$dir/remarks.txt"; then
    echo "convert-emu: kdlg-opt left a struct alone:" >&2
    cat "$dir/remarks.txt" >&2
    return 1
  fi
  python3 "$here/extract.py" "$dir/shapes_opt.cu" "$dir/host_traits.cpp" "$dir/structs.h"
  "$cxx" -std=c++17 -O1 -w -I "$root/runtime" -I "$here" -I "$dir" -DHOST_TRAITS='"host_traits.cpp"' \
    "$here/emulate.cpp" -o "$dir/emulate"
  "$dir/emulate"
}

# the plans of plans.py, and the GPU benchmark's matrix (benchmarks/convert/gen_shapes.py)
mkdir -p "$out/plans" "$out/matrix"
python3 "$here/plans.py" "$out/plans"
python3 "$root/benchmarks/convert/gen_shapes.py" "$out/matrix"
status=0
emulate "$out/plans" "$out/plans/shapes.cu" "$out/plans/plan.json" || status=1
emulate "$out/matrix" "$out/matrix/shapes.cu" "$out/matrix/shapes.plan.json" || status=1
exit $status
