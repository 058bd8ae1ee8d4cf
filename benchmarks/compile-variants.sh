#!/usr/bin/env bash
# compile-variants.sh: kdlg-opt rewrites a benchmark program in every layout
# and nvcc compiles the original and every output (CI, no GPU needed).
#
#   compile-variants.sh --kdlg-opt PATH --nvcc PATH SRC OUTDIR
#       [--layouts "auto soa split tiled:32 aos"] [--plain] [--also FILE]...
#       [-j N] [--arch sm_90] [--werror] [-- KDLG_OPT_PARSER_ARGS...]
#
# For each layout L: `kdlg-opt SRC -o OUTDIR/NAME.L.cu --layout L` (remarks in
# OUTDIR/NAME.L.remarks).  It fails when
#   - kdlg-opt exits non-zero;
#   - kdlg-opt prints a [kdlg-rewrite] remark (a struct keeps its AoS layout
#     because the rewriter refused a construct);
#   - struct programs (the default): kdlg-opt finds no struct ([kdlg-nothing]);
#     for soa and tiled:N, a struct of the plan is not "-> rewritten" in the
#     output's header comment;
#   - aos: the output is not the input plus kdlg-opt's header comment (forcing
#     AoS must not change the code);
#   - --plain (plain-array programs such as cmm, atax): kdlg-opt does not say
#     [kdlg-nothing], or an output is not the input plus the header comment;
#   - nvcc fails on the original, an output, or an --also file.
# Then `nvcc -O3 -arch=sm_90 -I runtime -I <dir of SRC>` compiles the original
# (OUTDIR/NAME.orig), each output whose code differs from the input
# (OUTDIR/NAME.L, tiled:32 -> NAME.tiled32; an output equal to the input is not
# compiled again) and each --also file (OUTDIR/<its name>), -j jobs at a time
# (default 2).  nvcc warnings are printed (WARN) and fail only with --werror.
#
# Exit status: 0 if every step passed, 1 otherwise, 2 on a usage error.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)

usage() {
  sed -n '2,30p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

kdlg_opt="" nvcc="" layouts="auto soa split tiled:32 aos" plain=0 jobs=2 arch=sm_90 werror=0
also=() kargs=() pos=()
while [ $# -gt 0 ]; do
  case $1 in
  --kdlg-opt) kdlg_opt=${2:-}; shift 2 || usage ;;
  --nvcc) nvcc=${2:-}; shift 2 || usage ;;
  --layouts) layouts=${2:-}; shift 2 || usage ;;
  --plain) plain=1; shift ;;
  --also) also+=("${2:-}"); shift 2 || usage ;;
  -j) jobs=${2:-}; shift 2 || usage ;;
  -j*) jobs=${1#-j}; shift ;;
  --arch) arch=${2:-}; shift 2 || usage ;;
  --werror) werror=1; shift ;;
  -h | --help) usage ;;
  --) shift; kargs=("$@"); break ;;
  -*) echo "compile-variants: unknown option $1" >&2; usage ;;
  *) pos+=("$1"); shift ;;
  esac
done
[ ${#pos[@]} = 2 ] || usage
src=${pos[0]} outdir=${pos[1]}
[ -n "$kdlg_opt" ] || kdlg_opt=${KDLG_OPT:-$root/build/kdlg-opt}
if [ -z "$nvcc" ]; then
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
fi
fail=0
die() { echo "FAIL $*" >&2; exit 1; }
[ -x "$kdlg_opt" ] || die "kdlg-opt not found at '$kdlg_opt' (build it or pass --kdlg-opt)"
[ -x "$nvcc" ] || die "nvcc not found at '$nvcc' (install the CUDA toolkit or pass --nvcc)"
[ -f "$src" ] || die "no such source: $src"
for f in "${also[@]}"; do [ -f "$f" ] || die "no such source (--also): $f"; done
mkdir -p "$outdir" || die "cannot create $outdir"
src=$(cd "$(dirname "$src")" && pwd)/$(basename "$src")
outdir=$(cd "$outdir" && pwd)
name=$(basename "$src"); name=${name%.*}
srcdir=$(dirname "$src")

fname() { echo "${1//:/}"; } # tiled:32 -> tiled32

# same_code OUT: the output is the input plus kdlg-opt's header comment
same_code() {
  awk 'NR == 1 && !/^\/\* Data layout rewritten by kdlg-opt/ { exit 1 }
       !done { if (/\*\/[ \t]*$/) done = 1; next } { print }' "$1" | cmp -s - "$src"
}

# ---- 1. kdlg-opt, one layout after the other (it is fast) ----
tocompile=("orig|$src|$outdir/$name.orig")
for L in $layouts; do
  id="$name.$(fname "$L")"
  out="$outdir/$id.cu" rem="$outdir/$id.remarks"
  rm -f "$out" "$outdir/$id"
  "$kdlg_opt" "$src" -o "$out" --layout "$L" ${kargs[@]+-- "${kargs[@]}"} >"$rem" 2>&1
  rc=$?
  why=""
  if [ $rc != 0 ]; then
    why="kdlg-opt exited $rc: $(grep -m1 -v 'remark:' "$rem" || head -n1 "$rem")"
  elif [ ! -f "$out" ]; then
    why="kdlg-opt wrote no output"
  elif grep -q '\[kdlg-rewrite\]' "$rem"; then
    why="kdlg-opt keeps a struct in AoS: $(grep -m1 '\[kdlg-rewrite\]' "$rem")"
  elif [ $plain = 1 ]; then
    if ! grep -q '\[kdlg-nothing\]' "$rem"; then
      why="--plain: expected kdlg-opt to find nothing to optimize ([kdlg-nothing]), it says: $(head -n1 "$rem")"
    elif ! same_code "$out"; then
      why="--plain: the output's code differs from the input"
    fi
  else
    if grep -q '\[kdlg-nothing\]' "$rem"; then
      why="kdlg-opt finds no struct to optimize: $(grep -m1 '\[kdlg-nothing\]' "$rem")"
    fi
    case $L in
    aos)
      if [ -z "$why" ] && ! same_code "$out"; then
        why="--layout aos changed the code (expected the input plus the header comment): diff <(tail -n +\$(grep -n '\*/' $out | head -1 | cut -d: -f1)+1 $out) $src"
      fi ;;
    soa | tiled:*)
      if [ -z "$why" ]; then
        notrw=$(sed -n '1,/\*\//p' "$out" | grep -- ' -> ' | grep -v -- '-> rewritten$' | head -n1)
        if [ -n "$notrw" ]; then
          why="a struct is not rewritten: ${notrw# \* }"
        elif ! sed -n '1,/\*\//p' "$out" | grep -q -- '-> rewritten$'; then
          why="no struct is rewritten (header: $(sed -n '4p' "$out"))"
        fi
      fi ;;
    esac
  fi
  if [ -n "$why" ]; then
    echo "FAIL $name $L: $why"
    fail=1
    continue
  fi
  if same_code "$out"; then
    echo "OK   $name $L: kdlg-opt: the code is the input's (not compiled again)"
  else
    tocompile+=("$L|$out|$outdir/$id")
  fi
done
for f in "${also[@]}"; do
  b=$(basename "$f"); b=${b%.*}
  tocompile+=("also:$b|$(cd "$(dirname "$f")" && pwd)/$(basename "$f")|$outdir/$b")
done

# ---- 2. nvcc, $jobs at a time ----
compile() { # label source binary
  local log="$3.log"
  if "$nvcc" -O3 -arch="$arch" -I "$root/runtime" -I "$srcdir" -I "$(dirname "$2")" "$2" -o "$3" >"$log" 2>&1; then
    if grep -qi 'warning' "$log"; then
      if [ $werror = 1 ]; then
        echo "FAIL $name $1: nvcc warnings: $(grep -m1 -i 'warning' "$log") ($log)"; return 1
      fi
      echo "WARN $name $1: nvcc: $(grep -ci 'warning' "$log") warning(s): $(grep -m1 -i 'warning' "$log") ($log)"
    else
      echo "OK   $name $1: compiled"
    fi
    return 0
  fi
  echo "FAIL $name $1: nvcc: $(grep -m1 -i 'error' "$log" || tail -n1 "$log") ($log)"
  return 1
}
for t in "${tocompile[@]}"; do
  IFS='|' read -r label s b <<<"$t"
  rm -f "$b" "$b.failed"
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  { compile "$label" "$s" "$b" || touch "$b.failed"; } &
done
wait
for t in "${tocompile[@]}"; do
  IFS='|' read -r label s b <<<"$t"
  [ -e "$b.failed" ] && fail=1
done
if [ $fail = 0 ]; then
  echo "compile-variants: $name: every layout rewritten and compiled -> $outdir"
else
  echo "compile-variants: $name: FAILED (see above; files in $outdir)"
fi
exit $fail
