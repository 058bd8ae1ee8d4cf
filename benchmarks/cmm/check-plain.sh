#!/bin/bash
# check-plain.sh: the CI test of a benchmark without structs (bench/cmm, bench/atax).
#
#   check-plain.sh --kdlg-opt KDLG_OPT --nvcc NVCC OUTDIR SRC...
#
# For every SRC and every layout (auto aos soa split tiled:32), kdlg-opt must
# exit 0, say why it does nothing (a [kdlg-nothing] remark, no [kdlg-rewrite]
# remark) and write the program back unchanged: its output, less the leading
# plan comment, is byte for byte SRC.  Then nvcc -O3 -arch=sm_90 must compile
# and link every SRC (the baseline and the hand-written reference layout).
# Exit status 0 when all of that holds.
set -u
kdlg=""; nvcc=""
while [ $# -gt 0 ]; do
  case "$1" in
    --kdlg-opt) kdlg="$2"; shift 2 ;;
    --nvcc) nvcc="$2"; shift 2 ;;
    *) break ;;
  esac
done
if [ -z "$kdlg" ] || [ $# -lt 2 ]; then
  echo "usage: $0 --kdlg-opt KDLG_OPT --nvcc NVCC OUTDIR SRC..." >&2
  exit 2
fi
out="$1"; shift
if [ -z "$nvcc" ] || [ ! -x "$nvcc" ]; then
  echo "check-plain: nvcc not found ('$nvcc'): set KD_NVCC" >&2
  exit 1
fi
mkdir -p "$out" || exit 1
fail=0
for src in "$@"; do
  base=$(basename "$src" .cu)
  for layout in auto aos soa split tiled:32; do
    tag="$base-${layout/:/}"
    if ! "$kdlg" "$src" -o "$out/$tag.cu" --inline-runtime --layout "$layout" 2>"$out/$tag.log"; then
      echo "FAIL: kdlg-opt $src --layout $layout exited with an error:" >&2
      cat "$out/$tag.log" >&2
      fail=1
      continue
    fi
    if grep -q '\[kdlg-rewrite\]' "$out/$tag.log"; then
      echo "FAIL: kdlg-opt $src --layout $layout: unexpected [kdlg-rewrite] remark:" >&2
      cat "$out/$tag.log" >&2
      fail=1
    fi
    if ! grep -q '\[kdlg-nothing\]' "$out/$tag.log"; then
      echo "FAIL: kdlg-opt $src --layout $layout: no [kdlg-nothing] remark saying why nothing changes; it printed:" >&2
      cat "$out/$tag.log" >&2
      fail=1
    fi
    # the output: the plan comment (first line to the first ' */' line), then SRC
    if ! head -n 1 "$out/$tag.cu" | grep -q '^/\* Data layout rewritten by kdlg-opt'; then
      echo "FAIL: kdlg-opt $src --layout $layout: the output does not start with the plan comment" >&2
      fail=1
      continue
    fi
    awk 'done { print; next } /^ \*\/$/ { done = 1 }' "$out/$tag.cu" >"$out/$tag.body"
    if ! cmp -s "$out/$tag.body" "$src"; then
      echo "FAIL: kdlg-opt $src --layout $layout changed the program:" >&2
      diff "$src" "$out/$tag.body" | head -20 >&2
      fail=1
    fi
  done
  if ! "$nvcc" -O3 -arch=sm_90 "$src" -o "$out/$base" 2>"$out/$base.nvcc.log"; then
    echo "FAIL: nvcc -O3 -arch=sm_90 $src:" >&2
    cat "$out/$base.nvcc.log" >&2
    fail=1
  fi
done
[ $fail = 0 ] && echo "check-plain: $* unchanged by kdlg-opt (5 layouts each), and compiled"
exit $fail
