#!/usr/bin/env bash
# build.sh: builds the conversion benchmarks into OUTDIR (no GPU needed).
#
#   build.sh [--kdlg-opt PATH] [--nvcc PATH] [--arch sm_90] [--werror] OUTDIR
#
#   1. gen_shapes.py OUTDIR/gen: shapes.cu, shapes.plan.json, shapes_list.h
#   2. kdlg-opt shapes.cu --plan-in shapes.plan.json -o shapes_opt.cu: must exit
#      0, print no remark, and rewrite every struct ("-> rewritten")
#   3. nvcc -O3 -arch=ARCH -I runtime -Xcompiler -Wall:
#        OUTDIR/convert      from convert.cu (the generic kernel)
#        OUTDIR/convert_gen  from convert_gen.cu + OUTDIR/gen/shapes_opt.cu
#      an error fails; warnings are printed (WARN) and fail with --werror.
#
# The binaries link the CUDA runtime statically: copy OUTDIR to a GPU machine
# and run OUTDIR/convert_gen [MiB] (or convert [MiB]) there.
# Exit status: 0 if every step passed, 1 otherwise, 2 on a usage error.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

usage() {
  sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

kdlg_opt=${KDLG_OPT:-$root/build/kdlg-opt} nvcc="" arch=sm_90 werror=0 outdir=""
while [ $# -gt 0 ]; do
  case $1 in
  --kdlg-opt) kdlg_opt=${2:-}; shift 2 || usage ;;
  --nvcc) nvcc=${2:-}; shift 2 || usage ;;
  --arch) arch=${2:-}; shift 2 || usage ;;
  --werror) werror=1; shift ;;
  -h | --help) usage ;;
  -*) echo "build.sh: unknown option $1" >&2; usage ;;
  *) [ -z "$outdir" ] || usage; outdir=$1; shift ;;
  esac
done
[ -n "$outdir" ] || usage
if [ -z "$nvcc" ]; then
  nvcc=$(command -v nvcc || true)
  [ -n "$nvcc" ] || nvcc=/usr/local/cuda/bin/nvcc
fi
[ -x "$nvcc" ] || { echo "ERROR: nvcc not found ('$nvcc'): pass --nvcc" >&2; exit 1; }
[ -x "$kdlg_opt" ] || { echo "ERROR: kdlg-opt not found at '$kdlg_opt': build it, or pass --kdlg-opt" >&2; exit 1; }

gen=$outdir/gen
mkdir -p "$gen" || exit 1
python3 "$here/gen_shapes.py" "$gen" || { echo "FAIL: gen_shapes.py" >&2; exit 1; }

"$kdlg_opt" "$gen/shapes.cu" --plan-in "$gen/shapes.plan.json" -o "$gen/shapes_opt.cu" 2>"$gen/remarks.txt"
rc=$?
if [ $rc != 0 ] || grep -q ": remark: " "$gen/remarks.txt"; then  # (the verdict lines are no remarks)
  echo "FAIL: kdlg-opt exited $rc or printed remarks:" >&2
  cat "$gen/remarks.txt" >&2
  exit 1
fi
nstructs=$(grep -c '^  X(' "$gen/shapes_list.h")
nrewritten=$(sed -n '1,/\*\//p' "$gen/shapes_opt.cu" | grep -c -- '-> rewritten$')
nconv=$(grep -c '^struct kdlg_.*_conv {' "$gen/shapes_opt.cu")
if [ "$nrewritten" != "$nstructs" ] || [ "$nconv" != "$nstructs" ]; then
  echo "FAIL: $nstructs structs, $nrewritten rewritten, $nconv with a generated conversion" >&2
  exit 1
fi
echo "kdlg-opt: $nstructs structs rewritten, each with its generated conversion"

status=0
compile() {  # compile NAME SRC [EXTRA NVCC ARGS...]
  local name=$1 src=$2
  shift 2
  if ! "$nvcc" -O3 -arch="$arch" -std=c++17 -Xcompiler -Wall -I "$root/runtime" "$@" "$src" -o "$outdir/$name" \
    >"$outdir/$name.log" 2>&1; then
    echo "FAIL: nvcc $name (log: $outdir/$name.log)" >&2
    cat "$outdir/$name.log" >&2
    status=1
  elif grep -qi 'warning' "$outdir/$name.log"; then
    echo "WARN: nvcc $name:" >&2
    cat "$outdir/$name.log" >&2
    [ $werror = 0 ] || status=1
  else
    echo "ok: $outdir/$name"
  fi
}
compile convert "$here/convert.cu"
compile convert_gen "$here/convert_gen.cu" -I "$gen"
exit $status
