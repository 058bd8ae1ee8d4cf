#!/usr/bin/env bash
# run-gpu-diff.sh DIR: runs the CUDA differential suite on a GPU.
#
# DIR holds prebuilt binaries (testsuite/cuda/build-gpu-suite.sh): PROG.orig,
# the rewritten PROG.LAYOUT (aos, soa, split, tiled2, tiled32, tiled1024,
# auto), and PROG.run, which says how to run them:
#   mode=file     the binary takes one argument, an output file, and writes
#                 its results there as raw bytes; outputs are compared with cmp
#   mode=stdout   the binary takes args=... and prints its results (the
#                 benchmarks: a "checksum:" line and others); the lines are
#                 compared after dropping those with a timing ("time =")
#   layouts=...   the rewritten binaries that must be there
#   skipped=...   layouts left out at build time (excluded.txt): SKIP lines
# Without PROG.run a PROG.orig is run in file mode against every PROG.* found.
#
# The original runs twice first: if its two results differ, the program is not
# deterministic and its pairs are not compared (FAIL, "original differs").
# Prints one PASS/FAIL line per (program, layout) pair and a summary; exits 1
# if any pair failed or none ran, 0 otherwise.
#
# Environment: KDLG_GPU_TIMEOUT (seconds per run, default 300), KDLG_KEEP=1
# keeps the outputs (in a directory it names) instead of deleting them.
set -uo pipefail

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: $0 DIR   (DIR from testsuite/cuda/build-gpu-suite.sh)" >&2
  exit 2
fi
dir=$(cd "$1" && pwd)
limit=${KDLG_GPU_TIMEOUT:-300}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kdlg-gpu-diff.XXXXXX") || exit 2
if [ "${KDLG_KEEP:-0}" = 1 ]; then
  echo "outputs kept in $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi
to=()
command -v timeout >/dev/null && to=(timeout "$limit")

key() { # file key -> value
  sed -n "s/^$2=//p" "$1" | head -n1
}

# run BIN MODE ARGS RESULT: the program's results into RESULT; status as the program's
run() {
  local bin=$1 mode=$2 args=$3 res=$4 rc
  [ -x "$bin" ] || chmod u+x "$bin" 2>/dev/null
  if [ "$mode" = stdout ]; then
    # shellcheck disable=SC2086
    "${to[@]}" "$bin" $args >"$res.raw" 2>"$res.err"
    rc=$?
    grep -v -e 'time = ' -e 'kdlg-bench kernel_ms=' "$res.raw" >"$res"
    if [ $rc = 0 ] && ! grep -q 'checksum' "$res"; then
      echo "no checksum line in the output" >>"$res.err"
      rc=99
    fi
  else
    "${to[@]}" "$bin" "$res" >"$res.out" 2>"$res.err"
    rc=$?
  fi
  return $rc
}

why() { # a short reason from a run's stderr
  local e
  e=$(head -c 300 "$1.err" 2>/dev/null | tr '\n' ' ')
  [ -n "$e" ] && echo ": $e"
}

pass=0 fail=0 skip=0
shopt -s nullglob
origs=("$dir"/*.orig)
if [ ${#origs[@]} = 0 ]; then
  echo "no *.orig binaries in $dir: build the suite first (testsuite/cuda/build-gpu-suite.sh $dir)" >&2
  exit 1
fi
for o in "${origs[@]}"; do
  prog=$(basename "$o" .orig)
  info="$dir/$prog.run"
  if [ -f "$info" ]; then
    mode=$(key "$info" mode)
    args=$(key "$info" args)
    layouts=$(key "$info" layouts)
    skipped=$(key "$info" skipped)
  else
    mode=file args="" layouts="" skipped=""
    for b in "$dir/$prog".*; do
      case $b in *.orig | *.run) continue ;; esac
      layouts="$layouts ${b##*.}"
    done
  fi
  [ -n "$mode" ] || mode="file"
  for L in $skipped; do
    echo "SKIP $prog $L (left out at build time: testsuite/cuda/excluded.txt)"
    skip=$((skip + 1))
  done
  if [ -z "$layouts" ] && [ -n "$skipped" ]; then
    continue
  fi
  if [ -z "$layouts" ]; then
    echo "FAIL $prog: no rewritten binaries"
    fail=$((fail + 1))
    continue
  fi
  # the original, twice
  r0="$tmp/$prog.orig.1" r1="$tmp/$prog.orig.2" orig_ok=0
  run "$o" "$mode" "$args" "$r0"
  rc=$?
  if [ $rc != 0 ]; then
    reason="the original failed (exit $rc)$(why "$r0")"
  else
    run "$o" "$mode" "$args" "$r1"
    rc=$?
    if [ $rc != 0 ]; then
      reason="the original failed on its second run (exit $rc)$(why "$r1")"
    elif ! cmp -s "$r0" "$r1"; then
      reason="the original differs between two runs (not deterministic)"
    else
      orig_ok=1
    fi
  fi
  for L in $layouts; do
    b="$dir/$prog.$L"
    if [ $orig_ok = 0 ]; then
      echo "FAIL $prog $L: $reason"
      fail=$((fail + 1))
      continue
    fi
    if [ ! -f "$b" ]; then
      echo "FAIL $prog $L: binary $prog.$L is missing"
      fail=$((fail + 1))
      continue
    fi
    res="$tmp/$prog.$L"
    run "$b" "$mode" "$args" "$res"
    rc=$?
    if [ $rc != 0 ]; then
      echo "FAIL $prog $L: exit status $rc$(why "$res")"
      fail=$((fail + 1))
    elif cmp -s "$r0" "$res"; then
      echo "PASS $prog $L"
      pass=$((pass + 1))
    else
      if [ "$mode" = stdout ]; then
        echo "FAIL $prog $L: output differs: $(diff "$r0" "$res" | grep '^[<>]' | head -n2 | tr '\n' ' ')"
      else
        echo "FAIL $prog $L: output differs ($(cmp "$r0" "$res" 2>&1 | head -n1))"
      fi
      fail=$((fail + 1))
    fi
  done
done
echo "run-gpu-diff: $pass passed, $fail failed, $skip skipped (${#origs[@]} programs) in $dir"
[ $fail = 0 ] && [ $pass -gt 0 ]
