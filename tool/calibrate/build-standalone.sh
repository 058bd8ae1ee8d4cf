#!/bin/sh
# build-standalone.sh: builds kdlg-calibrate-measure (the device side of
# kdlg-calibrate alone: --measure and --emit-kernels) with a C compiler and
# cmake's embed script only, for a GPU machine that lacks kdlg-opt's
# libraries (libclang, jansson, nettle).  docs/calibration.md says how to use it.
#
#   tool/calibrate/build-standalone.sh [OUTPUT]    (default: ./kdlg-calibrate-measure)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-kdlg-calibrate-measure}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake -DINPUT="$root/tool/calibrate/driver.cu" -DOUTPUT="$tmp/driver.c" -DNAME=kd_cal_driver_source \
      -P "$root/cmake/embed.cmake"
version=$(sed -n 's/^project(kdlg-opt VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
${CC:-cc} -std=gnu11 -O2 -Wall -I"$root" -DKDLG_OPT_VERSION="\"$version\"" \
  "$root/tool/calibrate/gen.c" "$root/tool/calibrate/measure.c" "$root/tool/calibrate/measure_main.c" \
  "$root/analysis/layoutname.c" "$tmp/driver.c" -o "$out"
echo "built $out (kdlg-opt $version)"
