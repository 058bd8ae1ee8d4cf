#!/usr/bin/env bash
# same-outputs.sh: prove that a change (a refactoring) changed no behaviour of
# kdlg-opt, by running the binary of a base commit and a new binary on the same
# inputs and comparing everything they write, byte for byte.
#
#   scripts/same-outputs.sh [--base REF] [--keep DIR] [-j N] [NEW_BINARY]
#
#   REF         the base commit (default: origin/main if it exists, else HEAD).
#               Its kdlg-opt is built in a temporary git worktree (cmake,
#               -DBUILD_TESTING=OFF, target kdlg-opt only) and the build is
#               cached in ${XDG_CACHE_HOME:-$HOME/.cache}/kdlg-opt/same-outputs/<sha>,
#               so a second run against the same base does not rebuild (delete
#               that directory to force a rebuild).  The worktree is removed
#               (and pruned) afterwards; the cached build is kept.
#   NEW_BINARY  the binary under test (default: build/kdlg-opt; build it first).
#   --keep DIR  keep both result trees (DIR/base, DIR/new) and the generated
#               inputs (DIR/inputs); DIR must not hold any of them yet.
#   -j N        parallel runs (default: nproc).
#
# Why: the rewriter refactoring of issue 18 (and every "tidy" commit) must keep
# kdlg-opt's outputs, remarks, plans and DOT byte-identical.  This script is
# the check behind notes such as "byte-identical over N runs": it prints N.
#
# What runs (all from the repository root, with relative input paths, so the
# paths kdlg-opt prints and writes are the same for both binaries):
#
#   1. The layout matrix: every *.cu, *.cuh and *.cl under testsuite/ and
#      benchmarks/ that git knows (tracked, or untracked but not ignored:
#      build directories are ignored) x --layout auto, aos, soa, split,
#      tiled:2, tiled:32, tiled:1024, with the default (built-in) device
#      model.  Nothing is excluded: inputs that do not parse on their own
#      (a header needing its includer, a lit test needing -D/-std) still run,
#      and their diagnostics and exit status are compared.  The inputs of
#      EXTRA_ARGS below additionally run the whole matrix again with the
#      compiler arguments their lit RUN lines pass (otherwise they only
#      exercise the error path).
#   2. The --plan-in cases of the lit tests: every RUN line of testsuite/lit
#      that passes --plan-in, with the RUN line's own options (device model,
#      --struct, ...).  A plan under Inputs/ is used as is (and every
#      testsuite/lit/**/Inputs/*.plan.json must be used by some RUN line, or
#      the script stops).  A plan the test makes on the fly (%t...json) is
#      reproduced from the test's own RUN lines: the kdlg-opt RUN line that
#      writes the source plan (--emit-plan %t.X) is run with the BASE binary,
#      then the test's "%python -c CODE %t.X %t.Y" line is run as written;
#      both binaries then read the same plan file.  That --emit-plan RUN line
#      is itself one of the compared runs.  A --plan-in RUN line whose plan
#      cannot be traced this way stops the script (nothing skipped silently).
#   3. The generated --plan-in matrices: benchmarks/convert/gen_shapes.py (the
#      GPU conversion benchmark's shapes x layouts) and
#      testsuite/convert-emu/plans.py (the conversion emulator's plans), each
#      kdlg-opt'ed with its plan, as build.sh and run.sh do.
#
# Every run passes -o, --emit-plan and --emit-dot together (the plan and the
# DOT are written after rewriting and do not depend on -o; the output is
# written only after both: kdlg-opt writes the same files as three separate
# runs would, and the -o run's stderr is a superset).  Recorded per run:
#   out.<ext>             the rewritten source (-o)
#   out.<ext>.layout.h    OpenCL: the host-side header written next to it
#   plan.json, graph.dot  --emit-plan, --emit-dot
#   stdout, stderr        remarks and diagnostics
#   exit                  the exit status
# kdlg-opt writes the -o file's name into the output (the .layout.h include)
# and the input path into output and plan, so both binaries run with
# identical paths: each run writes into the same scratch directory
# (slot/<n>) for the base binary and then for the new one, and the directory
# is moved into base/<run> or new/<run> after each; nothing is post-processed.
# Both binaries run as copies taken at the start (a rebuild of NEW_BINARY
# meanwhile changes nothing), each called "kdlg-opt" through PATH (the same
# argv[0]).  The inputs are the working tree's files, read by both binaries;
# generated inputs and plans are made once and read by both.
# SAME_OUTPUTS_TIMEOUT (seconds, default 600) bounds each run (exit 124).
# SAME_OUTPUTS_ONLY=REGEX (extended, awk) keeps only the runs whose name matches
# (to look at one difference again); the summary then says it was partial.
#
# Exit status: 0 all runs byte-identical, 1 some differ, 2 usage or setup
# error (base does not build, a --plan-in case cannot be reproduced, ...).
set -euo pipefail
# All of the script is one compound command, which bash reads whole before
# running any of it: editing this file, or checking out another version,
# while it runs cannot change what it does.
{

LAYOUTS=(auto aos soa split tiled:2 tiled:32 tiled:1024)

# Inputs that need compiler arguments to parse (taken from their lit RUN lines):
# the matrix runs them once more with these (run names end in "+args").
declare -A EXTRA_ARGS=(
  [testsuite/lit/compiler-args.cu]="-DNITER=64"
  [testsuite/lit/rewrite/tree-requires.cu]="-std=c++20"
)
# Known inputs that fail to parse even so (their errors are still compared):
#   benchmarks/convert/convert.cu      needs runtime/kdlg_cuda.cuh and CUDA
#                                      driver API calls the prelude lacks
#   benchmarks/convert/convert_gen.cu  includes shapes_opt.cu, kdlg-opt's
#                                      own output (build.sh)
#   testsuite/lit/rewrite/Inputs/clone-energy.cuh  a header: its type P comes
#                                      from its includer
#   testsuite/lit/syntax-error.cu      a syntax error, on purpose

usage() {  # usage [STATUS]
  sed -n '6,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit "${1:-2}"
}
die() {
  echo "same-outputs: error: $*" >&2
  exit 2
}

base_ref="" keep="" new_bin="" jobs=""
while [ $# -gt 0 ]; do
  case $1 in
  --base) [ $# -ge 2 ] || usage; base_ref=$2; shift 2 ;;
  --keep) [ $# -ge 2 ] || usage; keep=$2; shift 2 ;;
  -j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
  -h | --help) usage 0 ;;
  -*) echo "same-outputs: unknown option $1" >&2; usage ;;
  *) [ -z "$new_bin" ] || usage; new_bin=$1; shift ;;
  esac
done

# paths given on the command line are relative to the caller's directory
case $keep in "" | /*) ;; *) keep=$PWD/$keep ;; esac
case $new_bin in "" | /*) ;; *) new_bin=$PWD/$new_bin ;; esac
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
SECONDS=0
jobs=${jobs:-$(nproc)}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "-j wants a positive number, not '$jobs'"
command -v python3 >/dev/null || die "python3 is needed (lit RUN lines, generated plans)"

# ---- the binaries ----
new_bin=${new_bin:-build/kdlg-opt}
if [ ! -f "$new_bin" ] || [ ! -x "$new_bin" ]; then
  die "NEW_BINARY '$new_bin' is not an executable file (build it first)"
fi
new_bin=$(cd "$(dirname "$new_bin")" && pwd)/$(basename "$new_bin")
if [ -z "$base_ref" ]; then
  if git rev-parse --verify -q 'origin/main^{commit}' >/dev/null; then base_ref=origin/main; else base_ref=HEAD; fi
fi
sha=$(git rev-parse --verify -q "$base_ref^{commit}") || die "'$base_ref' is not a commit"

# A stale NEW_BINARY compares the wrong thing: warn when a source is newer.
newer=$(find analysis transform tool runtime CMakeLists.txt -newer "$new_bin" -type f \
  \( -name '*.c' -o -name '*.h' -o -name '*.cuh' -o -name '*.json' -o -name CMakeLists.txt \) 2>/dev/null | head -3)
[ -z "$newer" ] || echo "same-outputs: warning: sources are newer than $new_bin (rebuild?), e.g. ${newer//$'\n'/ }" >&2

cache_root=${XDG_CACHE_HOME:-$HOME/.cache}/kdlg-opt/same-outputs
cache=$cache_root/$sha
base_bin=$cache/kdlg-opt
wt_parent="" work=""
# shellcheck disable=SC2317  # run by the traps
cleanup() {
  if [ -n "$wt_parent" ] && [ -d "$wt_parent" ]; then
    git -C "$root" worktree remove --force "$wt_parent/src" >/dev/null 2>&1 || true
    rm -rf "$wt_parent"
    git -C "$root" worktree prune >/dev/null 2>&1 || true
  fi
  if [ -n "$work" ]; then rm -rf "$work"; fi
}
runner=""
# shellcheck disable=SC2317  # run by the traps
stop() {  # stop SIGNAL STATUS: end the runs under way (xargs and its children), then exit
  echo "same-outputs: $1: stopping" >&2
  if [ -n "$runner" ]; then
    pkill -TERM -P "$runner" 2>/dev/null || true
    kill -TERM "$runner" 2>/dev/null || true
  fi
  exit "$2"
}
trap cleanup EXIT
trap 'stop SIGINT 130' INT
trap 'stop SIGTERM 143' TERM

if [ -x "$base_bin" ] && [ -f "$cache/.same-outputs-complete" ]; then
  echo "base: $base_ref = $sha (cached build: $cache)"
else
  echo "base: $base_ref = $sha: building kdlg-opt in a temporary worktree (cache: $cache)"
  mkdir -p "$cache_root"
  rm -rf "$cache"  # an unfinished build (no stamp): start again
  wt_parent=$(mktemp -d "${TMPDIR:-/tmp}/kdlg-same-outputs-wt.XXXXXX")
  git worktree add --detach --quiet "$wt_parent/src" "$sha" || die "git worktree add failed"
  tmp_build=$cache.tmp.$$
  rm -rf "$tmp_build"
  if ! cmake -S "$wt_parent/src" -B "$tmp_build" -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    >"$wt_parent/build.log" 2>&1 ||
    ! cmake --build "$tmp_build" --target kdlg-opt -j"$(nproc)" >>"$wt_parent/build.log" 2>&1; then
    tail -40 "$wt_parent/build.log" >&2
    rm -rf "$tmp_build"
    die "building the base ($sha) failed"
  fi
  touch "$tmp_build/.same-outputs-complete"
  # another run may have finished the same build meanwhile: keep the first
  mv -T "$tmp_build" "$cache" 2>/dev/null || rm -rf "$tmp_build"
  [ -x "$base_bin" ] || die "no kdlg-opt in $cache after the build"
  git worktree remove --force "$wt_parent/src" || die "git worktree remove failed"
  git worktree prune
  rm -rf "$wt_parent"
  wt_parent=""
fi
echo "new:  $new_bin"

# ---- where results go ----
work=$(mktemp -d "${TMPDIR:-/tmp}/kdlg-same-outputs.XXXXXX")
# Run copies of both binaries (a rebuild of NEW_BINARY while this runs must not
# change the binary halfway through), each found as "kdlg-opt" on PATH, so that
# argv[0] is the same for both.
mkdir -p "$work/bin/base" "$work/bin/new"
cp "$base_bin" "$work/bin/base/kdlg-opt"
cp "$new_bin" "$work/bin/new/kdlg-opt"
if [ -n "$keep" ]; then
  mkdir -p "$keep"
  results=$(cd "$keep" && pwd)
  for d in base new inputs; do
    [ ! -e "$results/$d" ] || die "--keep $keep: $results/$d exists already"
  done
else
  results=$work/results
fi
inputs=$results/inputs  # generated inputs and plans (absolute paths: the same for both binaries)
mkdir -p "$results/base" "$results/new" "$inputs" "$work/slot"
joblist=$work/jobs.tsv  # one run a line: run-name TAB input TAB kdlg-opt arguments (TAB-separated)
: >"$joblist"

# ---- 1. the layout matrix ----
mapfile -t files < <(git ls-files --cached --others --exclude-standard -- testsuite benchmarks |
  grep -E '\.(cu|cuh|cl)$' | LC_ALL=C sort -u)
missing=()
for f in "${files[@]}"; do
  if [ ! -f "$f" ]; then
    missing+=("$f")  # deleted in the working tree (still in the index)
    continue
  fi
  for layout in "${LAYOUTS[@]}"; do
    printf '%s/%s\t%s\t--layout\t%s\n' "$f" "${layout/:/-}" "$f" "$layout" >>"$joblist"
    if [ -n "${EXTRA_ARGS[$f]:-}" ]; then
      read -r -a xa <<<"${EXTRA_ARGS[$f]}"
      { printf '%s/%s+args\t%s\t--layout\t%s\t--' "$f" "${layout/:/-}" "$f" "$layout"
        printf '\t%s' "${xa[@]}"
        printf '\n'; } >>"$joblist"
    fi
  done
done
[ ${#missing[@]} = 0 ] || echo "same-outputs: note: not run, deleted in the working tree: ${missing[*]}"
nmatrix=$(wc -l <"$joblist")
for f in "${!EXTRA_ARGS[@]}"; do
  [ -f "$f" ] || die "EXTRA_ARGS names '$f', which does not exist: update the table"
done

# ---- 2. the lit tests' --plan-in RUN lines ----
mapfile -t litfiles < <(git ls-files --cached --others --exclude-standard -- testsuite/lit |
  grep -E '\.(cu|cl|test)$' | grep -v '/Inputs/' | LC_ALL=C sort -u)
mapfile -t inplans < <(git ls-files --cached --others --exclude-standard -- testsuite/lit |
  grep -E '/Inputs/[^/]*\.plan\.json$' | LC_ALL=C sort -u)
existing=()
for f in "${litfiles[@]}"; do [ -f "$f" ] && existing+=("$f"); done
python3 -B - "$base_bin" "$inputs/lit" "$joblist" "${#inplans[@]}" "${inplans[@]}" "${existing[@]}" <<'PY' || exit 2
import os, re, shlex, subprocess, sys

base_bin, gen_dir, joblist = sys.argv[1:4]
n = int(sys.argv[4])
inplans, litfiles = sys.argv[5:5 + n], sys.argv[5 + n:]
KD = ('%kdlg-opt', '%kdlg-opt-provisional')
OUTPUT_OPTS = ('-o', '--emit-plan', '--emit-dot')

def fail(msg):
    sys.stderr.write('same-outputs: error: %s\n' % msg)
    sys.exit(2)

def run_lines(path):
    """(line number, command) of each RUN line, continuations joined as lit does."""
    out, acc, start = [], None, 0
    for no, line in enumerate(open(path, encoding='utf-8', errors='replace'), 1):
        m = re.search(r'RUN:(.*)$', line)
        if not m:
            continue
        text = m.group(1).rstrip()
        if acc is None:
            acc, start = '', no
        if text.endswith('\\'):
            acc += text[:-1] + ' '
            continue
        out.append((start, (acc + text).strip()))
        acc = None
    return out

def first_command(cmd):
    """The first command of a pipeline as words, 'not'/%exitcode and redirections dropped."""
    try:
        words = shlex.split(cmd)
    except ValueError:
        return []
    cut = []
    for w in words:
        if w in ('|', '&&', '||', ';'):
            break
        cut.append(w)
    while cut and cut[0] in ('not', '%exitcode'):
        cut = cut[1:]
    res, skip = [], False
    for w in cut:
        if skip:
            skip = False
        elif w in ('>', '2>', '<', '>>'):
            skip = True
        elif re.match(r'^\d?>(&\d)?$', w) or re.match(r'^(\d?>|<)\S+$', w):
            pass
        else:
            res.append(w)
    return res

def subst(w, f, tdir):
    d = os.path.dirname(f)
    w = w.replace('%inputs', 'testsuite/lit/Inputs').replace('%models', 'runtime/models')
    w = w.replace('%benchmarks', 'benchmarks').replace('%S', d).replace('%p', d)
    w = w.replace('%s', f).replace('%t', os.path.join(tdir, 't'))
    return w

VALUE_OPTS = ('-o', '--emit-plan', '--emit-dot', '--struct', '--epsilon', '--device-model', '-x', '-p',
              '--layout', '--plan-in')

def kd_args(words, f, tdir):
    """(input, arguments) of a kdlg-opt RUN line, output options (-o, --emit-*) dropped."""
    args = ['--device-model', 'runtime/models/provisional.json'] if words[0] == '%kdlg-opt-provisional' else []
    rest, i, inp = words[1:], 0, None
    while i < len(rest):
        w = rest[i]
        if w == '--':
            args += [subst(x, f, tdir) for x in rest[i:]]
            break
        if w in OUTPUT_OPTS:
            i += 2
            continue
        if w in VALUE_OPTS:
            args += [w] + [subst(x, f, tdir) for x in rest[i + 1:i + 2]]
            i += 2
            continue
        if w.startswith('-') or inp is not None:
            args.append(subst(w, f, tdir))
        else:
            inp = os.path.normpath(subst(w, f, tdir))
        i += 1
    if inp is None:
        fail('%s: a kdlg-opt RUN line without an input: %s' % (f, ' '.join(words)))
    return inp, args

jobs, seen, used = [], set(), set()
def add_job(f, no, inp_args):
    inp, args = inp_args
    key = (inp, tuple(args))
    if key in seen:
        return
    seen.add(key)
    jobs.append(('%s/line%d' % (f, no), inp, args))

for f in litfiles:
    cmds = [(no, c, first_command(c)) for no, c in run_lines(f)]
    tdir = os.path.join(gen_dir, f)
    for no, c, w in cmds:
        if not w or w[0] not in KD or '--plan-in' not in w:
            if '--plan-in' in c and not (w and w[0] in KD) and '%python' not in c:
                fail('%s:%d: a RUN line with --plan-in that is not a kdlg-opt command: update same-outputs.sh' % (f, no))
            continue
        i = w.index('--plan-in')
        if i + 1 >= len(w):
            fail('%s:%d: --plan-in without a file' % (f, no))
        plan = w[i + 1]
        if '%t' in plan:
            # made on the fly: "%python -c CODE SRC PLAN", SRC from "kdlg-opt ... --emit-plan SRC"
            maker = [(n2, w2) for n2, _, w2 in cmds if n2 < no and len(w2) == 5 and w2[0] == '%python'
                     and w2[1] == '-c' and w2[4] == plan]
            if not maker:
                fail('%s:%d: cannot tell how %s is made (no "%%python -c CODE SRC %s" RUN line before it): '
                     'update same-outputs.sh' % (f, no, plan, plan))
            mno, mw = maker[-1]
            src = mw[3]
            emitter = [(n2, w2) for n2, _, w2 in cmds if n2 < mno and w2 and w2[0] in KD and '--emit-plan' in w2
                       and w2.index('--emit-plan') + 1 < len(w2) and w2[w2.index('--emit-plan') + 1] == src]
            if not emitter:
                fail('%s:%d: cannot tell how %s is made (no kdlg-opt --emit-plan %s RUN line): update '
                     'same-outputs.sh' % (f, mno, src, src))
            eno, ew = emitter[-1]
            os.makedirs(tdir, exist_ok=True)
            src_path, plan_path = subst(src, f, tdir), subst(plan, f, tdir)
            einp, eargs = kd_args(ew, f, tdir)
            r = subprocess.run([base_bin, einp] + eargs + ['--emit-plan', src_path], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
            if r.returncode != 0 or not os.path.exists(src_path):
                fail('%s:%d: the base binary did not write the plan %s: %s' % (f, eno, src, r.stderr.decode()))
            r = subprocess.run([sys.executable, '-c', mw[2], src_path, plan_path])
            if r.returncode != 0 or not os.path.exists(plan_path):
                fail('%s:%d: the RUN line making %s failed' % (f, mno, plan))
            add_job(f, eno, (einp, eargs))  # the source plan's run is compared as well
        else:
            p = os.path.normpath(subst(plan, f, tdir))
            if not os.path.isfile(p):
                fail('%s:%d: --plan-in %s: no such file' % (f, no, p))
            used.add(p)
        add_job(f, no, kd_args(w, f, tdir))

unused = [p for p in inplans if os.path.normpath(p) not in used]
if unused:
    fail('plans no lit RUN line passes to --plan-in (which source do they belong to?): %s' % ' '.join(unused))
with open(joblist, 'a') as out:
    for name, f, args in jobs:
        if any('\t' in a or '\n' in a for a in [name, f] + args):
            fail('a tab or newline in a path or argument: %r' % ([name, f] + args))
        out.write('\t'.join([name, f] + args) + '\n')
nplan = sum(1 for j in jobs if '--plan-in' in j[2])
print('lit --plan-in: %d runs (%d distinct --plan-in RUN lines, %d plan(s) under Inputs/; %d runs writing '
      'the source of a generated plan)' % (len(jobs), nplan, len(inplans), len(jobs) - nplan))
PY
nlit=$(($(wc -l <"$joblist") - nmatrix))

# ---- 3. the generated --plan-in matrices (benchmarks/convert, testsuite/convert-emu) ----
mkdir -p "$inputs/convert-matrix" "$inputs/convert-emu"
python3 -B benchmarks/convert/gen_shapes.py "$inputs/convert-matrix" >/dev/null || die "gen_shapes.py failed"
python3 -B testsuite/convert-emu/plans.py "$inputs/convert-emu" >/dev/null || die "convert-emu/plans.py failed"
printf '%s\t%s\t--plan-in\t%s\n' \
  benchmarks/convert/gen_shapes.py/plan-in "$inputs/convert-matrix/shapes.cu" "$inputs/convert-matrix/shapes.plan.json" \
  testsuite/convert-emu/plans.py/plan-in "$inputs/convert-emu/shapes.cu" "$inputs/convert-emu/plan.json" >>"$joblist"
ngen=$(($(wc -l <"$joblist") - nmatrix - nlit))
partial=""
if [ -n "${SAME_OUTPUTS_ONLY:-}" ]; then
  awk -F '\t' '$1 ~ ENVIRON["SAME_OUTPUTS_ONLY"]' "$joblist" >"$joblist.only"
  mv "$joblist.only" "$joblist"
  partial=" (PARTIAL: only runs matching SAME_OUTPUTS_ONLY='$SAME_OUTPUTS_ONLY' of $((nmatrix + nlit + ngen)))"
  echo "same-outputs: warning: SAME_OUTPUTS_ONLY is set: not a full check" >&2
fi
nruns=$(wc -l <"$joblist")
[ "$nruns" -gt 0 ] || die "no runs"

# ---- run: each job runs the base binary, then the new one, in the same slot ----
# shellcheck disable=SC2317  # run by xargs, below
run_one() {  # run_one "N<TAB>RUN-NAME<TAB>INPUT<TAB>ARGUMENTS..."
  local who rc
  local -a f args
  IFS=$'\t' read -r -a f <<<"$1"
  local n=${f[0]} name=${f[1]} input=${f[2]}
  args=("${f[@]:3}")
  local slot=$SO_WORK/slot/$n ext=${input##*.}
  for who in base new; do
    rm -rf "$slot"
    mkdir -p "$slot" "$(dirname "$SO_RESULTS/$who/$name")"
    rc=0
    PATH=$SO_WORK/bin/$who:$PATH timeout -k 10 "$SO_TIMEOUT" kdlg-opt "$input" -o "$slot/out.$ext" \
      --emit-plan "$slot/plan.json" --emit-dot "$slot/graph.dot" "${args[@]}" \
      >"$slot/stdout" 2>"$slot/stderr" </dev/null || rc=$?
    echo "$rc" >"$slot/exit"
    mv -T "$slot" "$SO_RESULTS/$who/$name"
  done
}
export -f run_one
export SO_WORK=$work SO_RESULTS=$results SO_TIMEOUT=${SAME_OUTPUTS_TIMEOUT:-600}
export LC_ALL=C

echo "running $nruns runs$partial ($nmatrix layout matrix: ${#files[@]} inputs x ${#LAYOUTS[@]} layouts" \
  "+ ${#EXTRA_ARGS[@]} inputs with compiler arguments; $nlit lit --plan-in; $ngen generated --plan-in)," \
  "each with both binaries, $jobs in parallel"
# In the background, so that a signal to this script is handled at once (bash
# runs a trap only after the foreground command ends; wait returns at once).
# shellcheck disable=SC2016  # $1 is bash -c's
awk '{ print NR "\t" $0 }' "$joblist" |
  xargs -d '\n' -P "$jobs" -n 1 bash -c 'set -euo pipefail; run_one "$1"' _ &
runner=$!
wait "$runner" || die "running the binaries failed"
runner=""

# ---- compare ----
difflist=$work/diff.txt
diff -r -q "$results/base" "$results/new" >"$difflist" 2>&1 || true
# "Files B/<run>/<artefact> and N/<run>/<artefact> differ" | "Only in B/<run>: <artefact>"
declare -A bad=()
order=()
while IFS= read -r l; do
  case $l in
  "Files $results/base/"*" differ")
    p=${l#"Files $results/base/"}
    p=${p%% and *}
    ;;
  "Only in $results/base/"* | "Only in $results/new/"*)
    p=${l#"Only in $results/"}
    who=${p%%/*}
    p=${p#*/}
    p="${p%%: *}/${p#*: }"
    ;;
  *) die "unexpected diff output: $l" ;;
  esac
  run=${p%/*} art=${p##*/}
  case $l in "Only in "*) art="$art (only $who wrote it)" ;; esac
  [ -n "${bad[$run]:-}" ] || order+=("$run")
  bad[$run]="${bad[$run]:-}${bad[$run]:+, }$art"
done <"$difflist"

ndiff=${#order[@]}
echo
echo "runs: $nruns$partial (each by the base $sha and by $new_bin)"
echo "identical: $((nruns - ndiff)) of $nruns"
if [ "$ndiff" = 0 ]; then
  echo "byte-identical over $nruns runs$partial (outputs, layout headers, plans, DOT, stdout, stderr, exit status)"
  [ -z "$keep" ] || echo "results kept in $results/{base,new}"
  echo "wall time: ${SECONDS}s"
  exit 0
fi
echo "different: $ndiff"
for run in "${order[@]}"; do
  echo "  ${run%/*}  [${run##*/}]  ${bad[$run]}"
done
echo
# diff -u of the first difference of each artefact (out.cu, plan.json, ...), at most 5
declare -A shown_art=()
shown=0
while IFS= read -r l && [ $shown -lt 5 ]; do
  case $l in
  "Files "*" differ")
    p=${l#"Files $results/base/"}
    p=${p%% and *}
    [ -z "${shown_art[${p##*/}]:-}" ] || continue
    shown_art[${p##*/}]=1
    echo "---- $p"
    diff -u "$results/base/$p" "$results/new/$p" | head -n 60 || true
    shown=$((shown + 1))
    ;;
  esac
done <"$difflist"
[ -z "$keep" ] || echo "results kept in $results/{base,new}"
echo "wall time: ${SECONDS}s"
exit 1
}
