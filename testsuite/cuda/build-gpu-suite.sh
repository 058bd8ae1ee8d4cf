#!/usr/bin/env bash
# build-gpu-suite.sh: builds the CUDA differential suite (no GPU needed).
#
# For every test program (testsuite/cuda/progs/*.cu) and the two benchmarks
# (benchmarks/nbody/nbody.cu, benchmarks/agents/agents.cu), and every layout:
#   1. kdlg-opt PROG.cu -o PROG.LAYOUT.cu --layout LAYOUT   (must exit 0)
#   2. the remarks and the output's header must match the program's
#      "// kdlg-expect: rewritten|kept" line (see below)
#   3. nvcc -arch=sm_90 compiles and links the original and the output: an
#      error fails; a warning fails in an original (the test programs are
#      clean) and is reported (WARN) in an output, or fails with --werror
# into OUTDIR/PROG.orig and OUTDIR/PROG.LAYOUTNAME (tiled:32 -> tiled32; a copy
# of PROG.orig where kdlg-opt's output is the input plus its header comment), plus
# OUTDIR/PROG.run (how run-gpu-diff.sh runs and compares them).  The `auto`
# layout is generated with --inline-runtime and compiled without -I runtime/,
# so the self-contained output is built too.
#
# The binaries link the CUDA runtime as a shared library that is copied into
# OUTDIR (libcudart.so.N, found through RUNPATH=$ORIGIN): ~190 binaries with
# the static runtime would be ~140 MB, with the shared one they are ~8 MB.
# OUTDIR needs an NVIDIA driver (R580 or newer for CUDA 13) and what every nvcc
# binary needs (glibc >= 2.34, libstdc++), no CUDA toolkit.  --static links
# cudart into every binary instead.
#
# Expectations ("// kdlg-expect:" in the program's first lines; the benchmarks:
# rewritten):
#   rewritten: for soa and tiled:N no [kdlg-rewrite] remark, every struct of
#              the plan "-> rewritten"; other layouts may leave it unchanged
#   kept:      soa and tiled:N print a [kdlg-rewrite] remark; no output of any
#              layout has a view type (the struct keeps AoS)
#
# Combinations listed in testsuite/cuda/excluded.txt (rewriter bugs) are
# skipped with a SKIP line; --no-exclude builds them anyway.
#
# Exit status: 0 if every combination built and met its expectation, 1 otherwise.
# Generated sources, remarks and nvcc logs stay in OUTDIR.work (not needed on
# the GPU machine).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

usage() {
  cat <<EOF
usage: $0 [options] OUTDIR
  --kdlg-opt PATH   kdlg-opt to use (default: \$KDLG_OPT, else $root/build/kdlg-opt)
  --nvcc PATH       nvcc to use (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc)
  --only NAME       build only program NAME (repeatable; NAME: a file name in
                    progs/ without .cu, or nbody, agents)
  --layouts "L..."  layouts (default: "$default_layouts")
  --work DIR        generated sources and logs (default: OUTDIR.work)
  -j N              parallel jobs (default: nproc)
  --static          link the CUDA runtime statically (large binaries)
  --no-exclude      also build the combinations in excluded.txt
  --werror          nvcc warnings in kdlg-opt's outputs fail too
  --nvcc-flag FLAG  one more nvcc option for every program (repeatable), e.g.
                    -DKDLG_COPY_PIECE_BYTES=1000u: host copies in pieces of
                    1000 bytes, so the suite's small arrays take the
                    runtime's piecewise path (runtime/kdlg_cuda.cuh)
EOF
  exit 2
}

default_layouts="aos soa split tiled:2 tiled:32 tiled:1024 auto"
kdlg_opt=${KDLG_OPT:-$root/build/kdlg-opt}
nvcc=""
only=()
layouts=$default_layouts
work=""
jobs=$(nproc 2>/dev/null || echo 2)
static=0
use_exclude=1
werror=0
extra_flags=()
outdir=""
while [ $# -gt 0 ]; do
  case $1 in
  --kdlg-opt) kdlg_opt=$2; shift 2 ;;
  --nvcc) nvcc=$2; shift 2 ;;
  --only) only+=("$2"); shift 2 ;;
  --layouts) layouts=$2; shift 2 ;;
  --work) work=$2; shift 2 ;;
  -j) jobs=$2; shift 2 ;;
  -j*) jobs=${1#-j}; shift ;;
  --static) static=1; shift ;;
  --nvcc-flag) extra_flags+=("$2"); shift 2 ;;
  --no-exclude) use_exclude=0; shift ;;
  --werror) werror=1; shift ;;
  -h | --help) usage ;;
  -*) echo "unknown option $1" >&2; usage ;;
  *) [ -z "$outdir" ] || usage; outdir=$1; shift ;;
  esac
done
[ -n "$outdir" ] || usage

# ---- tools: fail loudly when one is missing ----
if [ -z "$nvcc" ]; then
  nvcc=$(command -v nvcc || true)
  [ -n "$nvcc" ] || nvcc=/usr/local/cuda/bin/nvcc
fi
if [ ! -x "$nvcc" ]; then
  echo "ERROR: nvcc not found ('$nvcc'): install the CUDA toolkit (/usr/local/cuda/bin/nvcc) or pass --nvcc" >&2
  exit 1
fi
if [ ! -x "$kdlg_opt" ]; then
  echo "ERROR: kdlg-opt not found at '$kdlg_opt' (build it, or pass --kdlg-opt)" >&2
  exit 1
fi

mkdir -p "$outdir" || exit 1
outdir=$(cd "$outdir" && pwd)
[ -n "$work" ] || work=$outdir.work
mkdir -p "$work" || exit 1
work=$(cd "$work" && pwd)

# ---- the programs: name, source, mode, arguments ----
declare -A src mode args expect_of
names=()
for f in "$here"/progs/*.cu; do
  n=$(basename "$f" .cu)
  names+=("$n"); src[$n]=$f; mode[$n]="file"; args[$n]=""
done
names+=(nbody agents)
src[nbody]=$root/benchmarks/nbody/nbody.cu; mode[nbody]=stdout; args[nbody]="1000 4"
src[agents]=$root/benchmarks/agents/agents.cu; mode[agents]=stdout; args[agents]="5003 6"
expect_of[nbody]=rewritten expect_of[agents]=rewritten

if [ ${#only[@]} -gt 0 ]; then
  for n in "${only[@]}"; do
    if [ -z "${src[$n]:-}" ]; then
      echo "ERROR: unknown program '$n'" >&2
      exit 1
    fi
  done
  names=("${only[@]}")
fi

excluded() { # prog layout -> prints the reason if excluded
  [ $use_exclude = 1 ] && [ -f "$here/excluded.txt" ] || return 1
  awk -v p="$1" -v l="$2" '
    /^[ \t]*(#|$)/ { next }
    ($1 == p || $1 == "*") && ($2 == l || $2 == "*") { $1 = ""; $2 = ""; sub(/^[ \t]+/, ""); print; found = 1; exit }
    END { exit !found }' "$here/excluded.txt"
}

fname() { echo "${1//:/}"; } # tiled:32 -> tiled32

# ---- compiler flags ----
common=(-arch=sm_90 -O2 -std=c++17 -Xcompiler -Wall ${extra_flags[@]+"${extra_flags[@]}"})
if [ $static = 1 ]; then
  link=(-cudart static)
else
  # shellcheck disable=SC2016 # $ORIGIN is for the dynamic loader
  link=(-cudart shared -Xlinker -rpath -Xlinker '$ORIGIN')
  cudart=""
  for d in "$(dirname "$nvcc")/../lib64" "$(dirname "$nvcc")/../targets/x86_64-linux/lib"; do
    for l in "$d"/libcudart.so.[0-9]*; do
      case $l in *.so.[0-9]*.*) continue ;; esac # the SONAME file, libcudart.so.13
      [ -e "$l" ] && cudart=$l && break 2
    done
  done
  if [ -z "$cudart" ]; then
    echo "ERROR: libcudart.so.N not found next to $nvcc (use --static)" >&2
    exit 1
  fi
  if [ ! -f "$outdir/$(basename "$cudart")" ]; then
    tmp=$(mktemp "$outdir/.cudart.XXXXXX") && cp -L "$cudart" "$tmp" && chmod 644 "$tmp" &&
      mv -f "$tmp" "$outdir/$(basename "$cudart")" || exit 1
  fi
fi

# ---- one job: build one binary, leave a verdict in $work/NAME.LAYOUT.verdict ----
compile() { # source binary log [extra flags...]
  local s=$1 b=$2 log=$3
  shift 3
  "$nvcc" "${common[@]}" "$@" "$s" -o "$b.tmp" "${link[@]}" >"$log" 2>&1 || return 1
  strip "$b.tmp" 2>>"$log" || true
  mv -f "$b.tmp" "$b"
}

job() { # name layout
  local L=$2 f=${src[$1]} id
  id="$1.$(fname "$2")"
  local v="$work/$id.verdict" b="$outdir/$id" log="$work/$id.log"
  rm -f "$v" "$b"
  if [ "$L" = orig ]; then
    if ! compile "$f" "$b" "$log"; then
      echo "FAIL nvcc: the original does not compile ($log)" >"$v"; return
    fi
    if grep -qi 'warning' "$log"; then
      echo "FAIL nvcc: warnings in the original ($log)" >"$v"; return
    fi
    echo "OK" >"$v"; return
  fi
  # the output lives elsewhere, in a directory of its own (with the project
  # headers kdlg-opt rewrote, at their paths relative to the program): its
  # quoted #includes of unchanged headers are found through -I
  local odir="$work/$id.out"
  rm -rf "$odir" && mkdir -p "$odir"
  local out="$odir/$(basename "$f")" rem="$work/$id.remarks" extra=() inl=()
  extra=(-I "$(dirname "$f")")
  if [ "$L" = auto ]; then inl=(--inline-runtime); else extra+=(-I "$root/runtime"); fi
  "$kdlg_opt" "$f" -o "$out" --layout "$L" "${inl[@]}" >"$rem" 2>&1
  local rc=$?
  if [ $rc != 0 ]; then
    echo "FAIL kdlg-opt exited $rc: $(grep -m1 -iv remark "$rem" || head -n1 "$rem")" >"$v"; return
  fi
  local expect=${expect_of[$1]:-}
  [ -n "$expect" ] || expect=$(sed -n '1,5s/^\/\/ kdlg-expect: *\([a-z]*\).*/\1/p' "$f")
  case "$expect:$L" in
  rewritten:soa | rewritten:tiled:*)
    if grep -q 'kdlg-rewrite\]' "$rem"; then
      echo "FAIL expected the struct(s) to be rewritten, kdlg-opt says: $(grep -m1 'kdlg-rewrite\]' "$rem")" >"$v"; return
    fi
    if ! grep -q -- '-> rewritten' "$out" || grep -q -- '-> kept in AoS\|-> AoS (unchanged)' "$out"; then
      echo "FAIL expected every struct to be rewritten: $(grep -m3 -- ' -> ' "$out" | tr '\n' ' ')" >"$v"; return
    fi ;;
  kept:soa | kept:tiled:*)
    if ! grep -q 'kdlg-rewrite\]' "$rem"; then
      echo "FAIL expected a [kdlg-rewrite] remark (the struct keeps AoS), got none" >"$v"; return
    fi
    ;;
  esac
  if [ "$expect" = kept ] && grep -q 'kdlg_view_' "$out"; then
    echo "FAIL expected the struct to keep AoS, but the output has a view type" >"$v"; return
  fi
  # kdlg-opt left the code as it was (only its header comment is new): the
  # binary is the original's, copied after the jobs (saves a third of the time)
  if [ "$(find "$odir" -type f | wc -l)" = 1 ] &&
    awk 'NR == 1 && !/^\/\* Data layout rewritten by kdlg-opt/ { exit 1 }
          !done { if (/\*\/[ \t]*$/) done = 1; next } { print }' "$out" | cmp -s - "$f"; then
    echo "SAME" >"$v"; return
  fi
  if ! compile "$out" "$b" "$log" "${extra[@]}"; then
    echo "FAIL nvcc: the output does not compile: $(grep -m1 -i 'error' "$log") ($log)" >"$v"; return
  fi
  if grep -qi 'warning' "$log"; then
    echo "$([ $werror = 1 ] && echo FAIL || echo WARN) nvcc: $(grep -ci 'warning' "$log") warning(s) in the output: $(grep -m1 -i 'warning' "$log") ($log)" >"$v"
    return
  fi
  echo "OK" >"$v"
}

# ---- run the jobs, at most $jobs at a time ----
todo=()
for n in "${names[@]}"; do
  rm -rf "$outdir/$n".* "$work/$n".*
  todo+=("$n orig")
  for L in $layouts; do
    if reason=$(excluded "$n" "$L"); then
      echo "SKIP $n $L (excluded.txt: $reason)" >"$work/$n.$(fname "$L").verdict"
    else
      todo+=("$n $L")
    fi
  done
done
running=0
for t in "${todo[@]}"; do
  if [ $running -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
  job "${t% *}" "${t#* }" &
  running=$((running + 1))
done
wait

# ---- verdicts and the run description for run-gpu-diff.sh ----
fail=0 ok=0 skip=0 warn=0
for n in "${names[@]}"; do
  built="" skipped=""
  for L in orig $layouts; do
    v="$work/$n.$(fname "$L").verdict"
    line=$(cat "$v" 2>/dev/null || echo "FAIL no verdict (job crashed)")
    if [ "$line" = SAME ]; then
      if [ -f "$outdir/$n.orig" ] && cp "$outdir/$n.orig" "$outdir/$n.$(fname "$L")"; then
        line=OK
      else
        line="FAIL the output is the original's code, whose binary is missing"
      fi
    fi
    case $line in
    OK) ok=$((ok + 1)); [ "$L" = orig ] || built="$built $(fname "$L")"
      echo "OK   $n $L" ;;
    SKIP*) skip=$((skip + 1)); skipped="$skipped $(fname "$L")"; echo "$line" ;;
    WARN*) ok=$((ok + 1)); warn=$((warn + 1)); built="$built $(fname "$L")"
      echo "WARN $n $L: ${line#WARN }" ;;
    *) fail=$((fail + 1)); echo "FAIL $n $L: ${line#FAIL }" ;;
    esac
  done
  if [ -f "$outdir/$n.orig" ]; then
    printf 'mode=%s\nargs=%s\nlayouts=%s\nskipped=%s\n' "${mode[$n]}" "${args[$n]}" "${built# }" "${skipped# }" \
      >"$outdir/$n.run"
  fi
done
echo "build-gpu-suite: $ok built ($warn with nvcc warnings), $fail failed, $skip skipped -> $outdir"
[ $fail = 0 ]
