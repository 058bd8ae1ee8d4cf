#!/usr/bin/env bash
# cmake-kdlg.sh: builds examples/cmake-kdlg with nvcc the way a user does,
# against kdlg-opt's package, and checks what kdlg_optimize did
# (testsuite/examples/CMakeLists.txt runs it; nothing runs on a GPU).
#
#   cmake-kdlg.sh --source EXAMPLE_DIR --kdlg-build BUILD --cmake CMAKE --nvcc NVCC
#                 --version X.Y.Z --work DIR  build-tree|installed
#
# build-tree: the package of the build tree (-Dkdlg-opt_DIR=BUILD).
# installed:  `cmake --install BUILD --prefix DIR/prefix` first; the install's
#             layout checked; the package found through CMAKE_PREFIX_PATH.
# Both: the target compiles kdlg-opt's output (not the original), the
# output's depfile names the example's header, a second build runs nothing,
# touching the header re-runs kdlg-opt and rebuilds.
set -euo pipefail

fail() { echo "cmake-kdlg.sh: FAIL: $*" >&2; exit 1; }
while [ $# -gt 1 ]; do
  case "$1" in
    --source) src=$2; shift 2 ;;
    --kdlg-build) kbuild=$2; shift 2 ;;
    --cmake) cmake=$2; shift 2 ;;
    --nvcc) nvcc=$2; shift 2 ;;
    --version) version=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) fail "unknown argument $1" ;;
  esac
done
mode=${1:?build-tree or installed}
[ -x "$nvcc" ] || fail "nvcc not found ('$nvcc'): the example needs it"
rm -rf "$work"
mkdir -p "$work"
repo=$(cd "$src/../.." && pwd)
cp -r "$src" "$work/src"  # (a copy: the test touches its header)
src=$work/src
build=$work/build

if [ "$mode" = installed ]; then
  prefix=$work/prefix
  "$cmake" --install "$kbuild" --prefix "$prefix" > "$work/install.log"
  for f in bin/kdlg-opt bin/kdlg-calibrate include/kdlg-opt/kdlg_cuda.cuh include/kdlg-opt/kdlg_layout.h \
           share/kdlg-opt/models/h200.json share/kdlg-opt/models/provisional.json \
           share/man/man1/kdlg-opt.1 share/man/man1/kdlg-calibrate.1 \
           share/doc/kdlg-opt/LICENSE share/doc/kdlg-opt/CHANGELOG.md \
           lib/cmake/kdlg-opt/kdlg-optConfig.cmake lib/cmake/kdlg-opt/kdlg-optConfigVersion.cmake \
           lib/cmake/kdlg-opt/kdlg-optTargets.cmake lib/cmake/kdlg-opt/KdlgOptimize.cmake; do
    [ -e "$prefix/$f" ] || fail "not installed: $f"
  done
  # the installed tool: its version, its models from the prefix (not the source tree)
  "$prefix/bin/kdlg-opt" --version > "$work/version.txt"
  grep -q "^kdlg-opt $version " "$work/version.txt" || fail "installed --version: $(head -1 "$work/version.txt")"
  grep -qx "device models (--device-model NAME): $prefix/share/kdlg-opt/models" "$work/version.txt" ||
    fail "installed kdlg-opt does not find its models in the prefix: $(tail -1 "$work/version.txt")"
  grep -q '^\.TH KDLG-OPT "1"' "$prefix/share/man/man1/kdlg-opt.1" || fail "kdlg-opt.1 is no man page"
  grep -q 'depfile' "$prefix/share/man/man1/kdlg-opt.1" || fail "kdlg-opt.1 lacks --depfile"
  # nothing of the build tree may be used from here on
  find_args=(-DCMAKE_PREFIX_PATH="$prefix")
  expect_dir=$prefix/lib/cmake/kdlg-opt
  expect_opt=$prefix/bin/kdlg-opt
  expect_inc=$prefix/include/kdlg-opt
else
  find_args=(-Dkdlg-opt_DIR="$kbuild")
  expect_dir=$kbuild
  expect_opt=$kbuild/kdlg-opt
  expect_inc=$repo/runtime
fi

"$cmake" -S "$src" -B "$build" -G "Unix Makefiles" "${find_args[@]}" -DCMAKE_CUDA_COMPILER="$nvcc" \
         -DCMAKE_CUDA_ARCHITECTURES=90 > "$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "configure"; }
grep -qxE "kdlg-opt_DIR:[A-Z]+=$expect_dir" "$build/CMakeCache.txt" ||
  fail "the package was not found in $expect_dir: $(grep '^kdlg-opt_DIR' "$build/CMakeCache.txt")"
"$cmake" --build "$build" -- VERBOSE=1 > "$work/build1.log" 2>&1 || { cat "$work/build1.log"; fail "first build"; }

out=$build/kdlg/particles/particles.cu
[ -f "$out" ] || fail "no kdlg-opt output $out"
grep -q "^/\* Data layout rewritten by kdlg-opt $version" "$out" || fail "$out is not kdlg-opt's output"
grep -q "{x,y,z,vx,vy,vz} 24 B AoS" "$out" || fail "$out: the hot fields are not a cluster of their own"
grep -qF "$expect_opt $src/particles.cu -o $out --depfile $out.d --layout auto" "$work/build1.log" ||
  fail "kdlg-opt was not run as $expect_opt with the depfile"
grep -qF -- "-I$src/include" "$work/build1.log" || fail "the target's include directory did not reach kdlg-opt"
grep -qF -- "-DPARTICLES_N=1000003" "$work/build1.log" || fail "the target's definitions did not reach kdlg-opt"
grep -qF -- "-std=c++17" "$work/build1.log" || fail "the target's CUDA_STANDARD did not reach kdlg-opt"
grep -q "$src/include/particles_config.h" "$out.d" || fail "the depfile does not name the header"
# the target compiles the output, with the runtime's include directory
grep -q "\"file\": \"$out\"" "$build/compile_commands.json" || fail "compile_commands.json has no entry for $out"
grep -q "\"file\": \"$src/particles.cu\"" "$build/compile_commands.json" && fail "the original is still compiled"
grep -rqF -- "-I$expect_inc" "$build/CMakeFiles/particles.dir/" || fail "the runtime's include directory $expect_inc is not the target's"
[ -x "$build/particles" ] || fail "no executable"

# a second build runs nothing; a header edit re-runs kdlg-opt (and nvcc)
"$cmake" --build "$build" > "$work/build2.log" 2>&1 || { cat "$work/build2.log"; fail "second build"; }
grep -q "kdlg-opt particles.cu" "$work/build2.log" && fail "kdlg-opt ran again with nothing changed"
sleep 1
touch "$src/include/particles_config.h"
"$cmake" --build "$build" > "$work/build3.log" 2>&1 || { cat "$work/build3.log"; fail "third build"; }
grep -q "kdlg-opt particles.cu" "$work/build3.log" || fail "editing the header did not re-run kdlg-opt"
grep -q "Building CUDA object" "$work/build3.log" || fail "editing the header did not rebuild the object"
echo "cmake-kdlg.sh: $mode: ok"
