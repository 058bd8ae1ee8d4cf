#!/usr/bin/env python3
"""rewrite_cost.py: what rewriting adds to kdlg-opt's run time (issue 3's goal G4).

For every input, runs interleaved (warm-up first, then >= 11 repetitions each)

  kdlg-opt FILE                   analysis alone: parse, access model, KDLG,
                                  partition, plan; nothing written
  kdlg-opt FILE -o TMP/out.EXT    the same plus rewriting and writing the output

and reports the median wall time of each and the overhead of rewriting,
(rewrite / analysis - 1) x 100 %.  Goal G4: at most 10 % on every input.
Wall and CPU time on a shared 2-core VM move by 10-20 % from run to run, so
with --instructions (valgrind on the PATH) it also counts the instructions
each command executes (callgrind's total: deterministic, one run each), and
the goal is judged on those.

Inputs: the bundled CUDA struct benchmarks (benchmarks/<name>/<name>.cu) and
the generated kernel of gen_kernel.py (struct Big of 256 fields, 20,000 field
accesses) with --host, so that its kernels are launched and rewritten.  An
input whose rewrite leaves the file unchanged would measure nothing: the
report says so.

The table goes to stdout and to benchmarks/tool/rewrite-results.md.  The exit
status is 0 whether or not the goal is met (1 only when it cannot run).
"""
import argparse
import re
import subprocess
import datetime
import os
import platform
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import gen_kernel  # noqa: E402
from run import run_once, first_line, cpu_model, nproc, loadavg, rel, count_lines  # noqa: E402

GOAL = 10.0  # % over analysis alone
BUNDLED = ["nbody", "agents", "bitonic", "blackscholes", "lavamd", "rgb"]


def measure(argvs, tmp, warmup, reps, budget_s):
    """Interleaved runs of each argv (alternating order); medians and spread."""
    res = {k: {"wall": [], "cpu": [], "rc": set()} for k in argvs}
    rep = 0
    while True:
        if rep >= warmup + reps:
            done = rep - warmup
            per = sum(sum(r["wall"]) for r in res.values()) / done
            if done >= 101 or (done + 1) * per > budget_s:
                break
        order = list(argvs) if rep % 2 == 0 else list(reversed(list(argvs)))
        for k in order:
            wall, _, cpu, rc = run_once(argvs[k], os.path.join(tmp, "%s.stderr" % k))
            res[k]["rc"].add(rc)
            if rep >= warmup:
                res[k]["wall"].append(wall)
                res[k]["cpu"].append(cpu)
        rep += 1
    return {k: {"wall_ms": statistics.median(r["wall"]) * 1e3, "cpu_ms": statistics.median(r["cpu"]) * 1e3,
                "min_ms": min(r["wall"]) * 1e3, "max_ms": max(r["wall"]) * 1e3, "n": len(r["wall"]),
                "rc": sorted(r["rc"])} for k, r in res.items()}


def instructions(argv, tmp):
    """Instructions argv executes (callgrind's total), or None without valgrind."""
    if not shutil.which("valgrind"):
        return None
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.path.join(tmp, "cg.out")] + argv,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"Collected : (\d+)", p.stderr)
    return int(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser(description="what rewriting adds to kdlg-opt's run time")
    ap.add_argument("--quick", action="store_true", help="5 repetitions, 1 warm-up (default: 11 and 2)")
    ap.add_argument("--kdlg-opt", default=os.path.join(ROOT, "build", "kdlg-opt"), help="kdlg-opt binary")
    ap.add_argument("--results", default=os.path.join(HERE, "rewrite-results.md"), help="Markdown output file")
    ap.add_argument("--instructions", action="store_true",
                    help="also count instructions with valgrind (callgrind; the goal is judged on them)")
    a = ap.parse_args()
    reps, warmup, budget = (5, 1, 1.0) if a.quick else (11, 2, 3.0)
    kdlg = os.path.abspath(a.kdlg_opt)
    if not os.access(kdlg, os.X_OK):
        print("rewrite_cost.py: %s not found: build it with `cmake --build build -j2`" % kdlg, file=sys.stderr)
        return 1
    tmp = tempfile.mkdtemp(prefix="kdlg-rewrite-")
    inputs = []
    for name in BUNDLED:
        p = os.path.join(ROOT, "benchmarks", name, name + ".cu")
        if os.path.exists(p):
            inputs.append((p, rel(p)))
    g = gen_kernel.Gen(256, 1, False)
    gen = os.path.join(tmp, "big_host.cu")
    with open(gen, "w") as f:
        f.write(g.program(20000, 4, True))
    inputs.append((gen, "generated 256 fields / 20,000 accesses, launched (.cu)"))

    rows = []
    for path, label in inputs:
        out = os.path.join(tmp, "out.cu")
        print("measuring %s ..." % label, file=sys.stderr, flush=True)
        m = measure({"analysis": [kdlg, path], "rewrite": [kdlg, path, "-o", out]}, tmp, warmup, reps, budget)
        with open(path, "rb") as f1, open(out, "rb") as f2:
            changed = f1.read() != f2.read()
        an, rw = m["analysis"], m["rewrite"]
        ia = ir = None
        if a.instructions:
            print("  counting instructions ...", file=sys.stderr, flush=True)
            ia, ir = instructions([kdlg, path], tmp), instructions([kdlg, path, "-o", out], tmp)
        rows.append({"label": label, "lines": count_lines(path), "an": an, "rw": rw, "changed": changed,
                     "ia": ia, "ir": ir, "ins_overhead": (ir / ia - 1) * 100 if ia and ir else None,
                     "overhead": (rw["wall_ms"] / an["wall_ms"] - 1) * 100,
                     "cpu_overhead": (rw["cpu_ms"] / an["cpu_ms"] - 1) * 100 if an["cpu_ms"] else float("nan")})

    now = datetime.datetime.now().astimezone()
    head = ["# kdlg-opt: what rewriting adds to the analysis", "",
            "- date: %s" % now.strftime("%Y-%m-%d %H:%M:%S %Z"),
            "- machine: %s, nproc %s, %s, load average at start %s" % (platform.node(), nproc(), cpu_model(),
                                                                        loadavg()),
            "- kdlg-opt: %s (`%s`)" % (first_line([kdlg, "--version"]), rel(kdlg)),
            "- method: per input, %d warm-up + at least %d measured runs of `kdlg-opt FILE` (analysis alone) "
            "and `kdlg-opt FILE -o OUT` (rewrite), interleaved; median wall time and median CPU time "
            "(user+sys)" % (warmup, reps)]
    counted = all(r["ins_overhead"] is not None for r in rows)
    if counted:
        head.append("- instructions: one run of each under `valgrind --tool=callgrind`, its total (deterministic: "
                    "the goal is judged on these)")
    head.append("")
    table = ["| input | lines | analysis ms | rewrite ms | overhead % (wall) | overhead % (CPU) | n "
             "| analysis Minstr | rewrite Minstr | overhead % (instructions) | output differs from input |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        ins = ("%.0f | %.0f | %+.1f" % (r["ia"] / 1e6, r["ir"] / 1e6, r["ins_overhead"])
               if r["ins_overhead"] is not None else "— | — | —")
        table.append("| %s | %d | %.1f | %.1f | %+.1f | %+.1f | %d | %s | %s |"
                     % (r["label"], r["lines"], r["an"]["wall_ms"], r["rw"]["wall_ms"], r["overhead"],
                        r["cpu_overhead"], r["an"]["n"], ins, "yes" if r["changed"] else "**no**"))
    key = "ins_overhead" if counted else "overhead"
    ok = all(r[key] <= GOAL and r["an"]["rc"] == [0] and r["rw"]["rc"] == [0] for r in rows)
    goals = ["G4 %s: rewriting adds at most %.0f %% to kdlg-opt's run time over analysis alone, judged on %s (%s)"
             % ("GOAL MET" if ok else "GOAL MISSED", GOAL, "instructions" if counted else "wall time",
                "; ".join("%s %+.1f %%" % (r["label"], r[key]) for r in rows))]
    for r in rows:
        if r["an"]["rc"] != [0] or r["rw"]["rc"] != [0]:
            goals.append("   note: %s exited %s / %s" % (r["label"], r["an"]["rc"], r["rw"]["rc"]))
        if not r["changed"]:
            goals.append("   note: %s: the output equals the input (nothing rewritten)" % r["label"])
    print("\n".join(head + table + [""] + goals))
    try:
        with open(a.results, "w") as f:
            f.write("\n".join(head + table + ["", "## Goal", ""] +
                              ["    " + x if x.startswith("   ") else "- " + x for x in goals]) + "\n")
    except OSError as e:
        print("rewrite_cost.py: cannot write %s: %s" % (a.results, e), file=sys.stderr)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0




if __name__ == "__main__":
    sys.exit(main())
