#!/usr/bin/env bash
# build.sh: builds the particles example twice, as written and as kdlg-opt
# rewrites it from its three inputs (no GPU needed).
#
#   examples/particles/build.sh [--kdlg-opt PATH] [--nvcc PATH] [--layout L] OUTDIR
#
# OUTDIR/opt/        kdlg-opt's outputs: step.cu bin.cu main.cu and the
#                    rewritten particles.h (kdlg-opt step.cu bin.cu main.cu -o OUTDIR/opt/)
# OUTDIR/particles      the original program
# OUTDIR/particles_opt  the optimized one
# Exit status 0 when kdlg-opt rewrote both structs and nvcc built both.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
kdlg_opt=$root/build/kdlg-opt
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
layout=auto
while [ $# -gt 1 ]; do
  case $1 in
  --kdlg-opt) kdlg_opt=$2; shift 2 ;;
  --nvcc) nvcc=$2; shift 2 ;;
  --layout) layout=$2; shift 2 ;;
  *) echo "usage: $0 [--kdlg-opt PATH] [--nvcc PATH] [--layout L] OUTDIR" >&2; exit 2 ;;
  esac
done
[ $# = 1 ] || { echo "usage: $0 [--kdlg-opt PATH] [--nvcc PATH] [--layout L] OUTDIR" >&2; exit 2; }
out=$1
rm -rf "$out/opt" && mkdir -p "$out"
flags=(-O3 -std=c++17 -arch=sm_90)
(cd "$here" && "$kdlg_opt" step.cu bin.cu main.cu --layout "$layout" -o "$out/opt/" --emit-plan "$out/plan.json") 2>"$out/remarks.txt" || {
  cat "$out/remarks.txt" >&2; exit 1; }
if grep -q 'kdlg-rewrite\]' "$out/remarks.txt"; then
  echo "FAIL: a struct keeps AoS:" >&2; cat "$out/remarks.txt" >&2; exit 1
fi
for s in Particle Cell; do
  grep -q "^ \* $s: .* -> rewritten" "$out/opt/main.cu" || { echo "FAIL: $s not rewritten" >&2; head -8 "$out/opt/main.cu" >&2; exit 1; }
done
"$nvcc" "${flags[@]}" "$here/step.cu" "$here/bin.cu" "$here/main.cu" -o "$out/particles" &
p1=$!
(cd "$out/opt" && "$nvcc" "${flags[@]}" -I "$root/runtime" -I "$here" step.cu bin.cu main.cu -o "$out/particles_opt") &
p2=$!
wait $p1 && wait $p2
echo "built $out/particles and $out/particles_opt"
