#!/usr/bin/env bash
# build.sh: builds the particles example twice, as written and as kdlg-opt
# rewrites it from its three inputs (no GPU needed): step.cu and bin.cu with
# nvcc, main.cpp with the host compiler (c++), linked by nvcc.
#
#   examples/particles/build.sh [--kdlg-opt PATH] [--nvcc PATH] [--layout L] OUTDIR
#
# OUTDIR/opt/        kdlg-opt's outputs: step.cu bin.cu main.cpp and the
#                    rewritten particles.h (kdlg-opt step.cu bin.cu main.cpp -o OUTDIR/opt/)
# OUTDIR/particles      the original program
# OUTDIR/particles_opt  the optimized one
# Exit status 0 when kdlg-opt rewrote both structs and nvcc built both.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
kdlg_opt=$root/build/kdlg-opt
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cxx=${CXX:-c++}
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
(cd "$here" && "$kdlg_opt" step.cu bin.cu main.cpp --layout "$layout" -o "$out/opt/" --emit-plan "$out/plan.json") 2>"$out/remarks.txt" || {
  cat "$out/remarks.txt" >&2; exit 1; }
if grep -q 'kdlg-rewrite\]' "$out/remarks.txt"; then
  echo "FAIL: a struct keeps AoS:" >&2; cat "$out/remarks.txt" >&2; exit 1
fi
# Particle is rewritten in every layout; Cell too, except that auto may keep it as it is: its fields
# are updated by atomics and never copied whole, so aligning its one AoS cluster would buy nothing
# (docs/design.md "Aligned AoS")
for s in Particle Cell; do
  want="-> rewritten"
  [ "$layout" = auto ] && [ $s = Cell ] && want="-> \(rewritten\|AoS (unchanged)\)"
  grep -q "^ \* $s: .* $want" "$out/opt/main.cpp" || { echo "FAIL: $s not rewritten" >&2; head -8 "$out/opt/main.cpp" >&2; exit 1; }
done
cuda_inc=$(dirname "$(dirname "$(readlink -f "$nvcc")")")/include
# (each program: the .cu files with nvcc, main.cpp with the host compiler, linked by nvcc)
build() {  # build SRCDIR OUT [INCLUDES...]
  local src=$1 exe=$2; shift 2
  local obj=$exe.objs
  mkdir -p "$obj"
  "$nvcc" "${flags[@]}" "$@" -c "$src/step.cu" -o "$obj/step.o" &&
    "$nvcc" "${flags[@]}" "$@" -c "$src/bin.cu" -o "$obj/bin.o" &&
    "$cxx" -O3 -std=c++17 -Wall -Werror -isystem "$cuda_inc" "$@" -c "$src/main.cpp" -o "$obj/main.o" &&
    "$nvcc" -arch=sm_90 "$obj/step.o" "$obj/bin.o" "$obj/main.o" -o "$exe"
}
build "$here" "$out/particles" &
p1=$!
build "$out/opt" "$out/particles_opt" -I "$root/runtime" -I "$here" &
p2=$!
wait $p1 && wait $p2
echo "built $out/particles and $out/particles_opt"
