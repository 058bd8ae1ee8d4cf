#!/bin/bash
# run-test.sh: one test of the bundled OpenCL host example (bench/opencl-host/<layout>).
#
#   run-test.sh --kdlg-opt KDLG_OPT --cc CC [--cflags FLAGS] [--ldflags FLAGS]
#               --layout L WORKDIR
#
# 1. kdlg-opt particles.cl -o WORKDIR/particles_opt.cl --layout L must exit 0,
#    print no [kdlg-rewrite] remark and write WORKDIR/particles_opt.cl.layout.h
#    (every layout tested here rewrites struct Particle);
# 2. host.c is compiled twice: as it is (AoS) and with
#    -DKDLG_LAYOUT_HEADER='"particles_opt.cl.layout.h"' (the rewritten program);
# 3. both run on the first OpenCL device (PoCL in CI) with the same inputs
#    (N particles, STEPS steps) and write the particles and the expired count;
#    the two files must be equal byte for byte (cmp);
# 4. the kernels must have changed something: a run of 0 steps writes a
#    different file (otherwise the comparison would prove nothing).
set -u
here=$(cd "$(dirname "$0")" && pwd)
kdlg=""; cc=""; cflags=""; ldflags="-lOpenCL"; layout=""
N=100003   # not a multiple of any tile: the last tile is partial
STEPS=10
while [ $# -gt 0 ]; do
  case "$1" in
    --kdlg-opt) kdlg="$2"; shift 2 ;;
    --cc) cc="$2"; shift 2 ;;
    --cflags) cflags="$2"; shift 2 ;;
    --ldflags) ldflags="$2"; shift 2 ;;
    --layout) layout="$2"; shift 2 ;;
    *) break ;;
  esac
done
if [ -z "$kdlg" ] || [ -z "$cc" ] || [ -z "$layout" ] || [ $# -ne 1 ]; then
  echo "usage: $0 --kdlg-opt KDLG_OPT --cc CC [--cflags FLAGS] [--ldflags FLAGS] --layout L WORKDIR" >&2
  exit 2
fi
work="$1"
fail() { echo "FAIL ($layout): $*" >&2; exit 1; }
run() { echo "+ $*"; "$@"; }

rm -rf "$work" && mkdir -p "$work" || exit 2
cd "$work" || exit 2

# 1. the rewritten kernels and their layout header
run "$kdlg" "$here/particles.cl" -o particles_opt.cl --layout "$layout" 2>kdlg-opt.log \
  || { cat kdlg-opt.log >&2; fail "kdlg-opt exited with an error"; }
cat kdlg-opt.log
grep -q '\[kdlg-rewrite\]' kdlg-opt.log && fail "kdlg-opt kept a struct in AoS (see above)"
[ -f particles_opt.cl.layout.h ] || fail "kdlg-opt wrote no layout header: struct Particle was not rewritten"
head -n 6 particles_opt.cl | grep 'Particle:'

# 2. the host program, original and rewritten
# shellcheck disable=SC2086
run "$cc" -std=c11 -O2 -Wall -Wextra $cflags "$here/host.c" -o host $ldflags \
  || fail "host.c does not compile"
# shellcheck disable=SC2086
run "$cc" -std=c11 -O2 -Wall -Wextra $cflags -I. -DKDLG_LAYOUT_HEADER='"particles_opt.cl.layout.h"' \
  "$here/host.c" -o host_opt $ldflags \
  || fail "host.c does not compile with the layout header"

# 3. same inputs, same outputs
run ./host "$here/particles.cl" out_aos.bin $N $STEPS || fail "the original program failed"
run ./host_opt particles_opt.cl out_opt.bin $N $STEPS || fail "the rewritten program failed"
cmp out_aos.bin out_opt.bin || fail "the outputs differ (out_aos.bin, out_opt.bin in $work)"

# 4. not vacuous
run ./host "$here/particles.cl" out_nosteps.bin $N 0 || fail "the original program failed (0 steps)"
cmp -s out_aos.bin out_nosteps.bin && fail "the kernels changed nothing: the comparison proves nothing"
echo "PASS ($layout): original and rewritten host programs wrote the same $(stat -c %s out_aos.bin) bytes"
