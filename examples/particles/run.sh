#!/usr/bin/env bash
# run.sh: runs the two builds of build.sh OUTDIR on the GPU and compares
# what they print (stdout, byte for byte); the steps' time (stderr, CUDA
# events) is printed for each, the median of REPS runs (default 5).
#
#   examples/particles/run.sh OUTDIR [N STEPS [REPS]]
set -euo pipefail
out=$1
n=${2:-1048576}
steps=${3:-100}
reps=${4:-5}
"$out/particles" "$n" "$steps" >"$out/orig.txt" 2>/dev/null
"$out/particles_opt" "$n" "$steps" >"$out/opt.txt" 2>/dev/null
cmp "$out/orig.txt" "$out/opt.txt" && echo "same output:" && cat "$out/orig.txt"
for v in particles particles_opt; do
  for r in $(seq "$reps"); do "$out/$v" "$n" "$steps" 2>&1 >/dev/null | sed -n 's/time of the steps: \(.*\) ms/\1/p'; done |
    sort -g | awk -v v="$v" '{a[NR] = $1} END {printf "%s: median %.3f ms of %d runs\n", v, a[int((NR + 1) / 2)], NR}'
done
