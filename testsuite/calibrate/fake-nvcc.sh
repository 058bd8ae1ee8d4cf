#!/bin/sh
# fake-nvcc.sh: an nvcc that knows its version but fails every compilation
# (calibrate/nvcc-failure checks that kd_cal_build reports it with the log).
if [ "$1" = "--version" ]; then
  echo "Cuda compilation tools, release 99.9, V99.9.0"
  exit 0
fi
echo "fake-nvcc: error: planted compilation failure" >&2
exit 1
