#!/usr/bin/env python3
"""run.py: analysis-speed benchmark of kdlg-opt against `clang -fsyntax-only`.

For every input, runs interleaved (warm-up first, then >= 11 repetitions each)

  clang-22 -fsyntax-only <exactly the parser arguments kdlg-opt uses> FILE
  kdlg-opt FILE --emit-dot TMP --emit-plan TMP

and reports the median wall time of each, their ratio, the overhead of the
analysis and outputs over parsing alone, and kdlg-opt's peak memory (max RSS
of the child, from os.wait4's per-child rusage).

Inputs: the bundled CUDA kernels (benchmarks/nbody/nbody.cu,
benchmarks/agents/agents.cu), any OpenCL file under testsuite/lit or
benchmarks, and a generated kernel (gen_kernel.py: struct Big of 256 fields,
20,000 field accesses) in CUDA and OpenCL.

Goals (see README.md):
  G1  bundled kernels: kdlg-opt adds at most 20 % over clang -fsyntax-only
  G2  generated 256-field / 20,000-access kernel analysed in under 1 s
  G3  ... with max RSS below 200 MB

The table goes to stdout and to benchmarks/tool/results.md.  The exit status
is 0 whether or not a goal is met (1 only when the benchmark cannot run).
"""
import argparse
import datetime
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ next to the sources
import gen_kernel  # noqa: E402

PRELUDE = os.path.join(ROOT, "analysis", "cuda_prelude.h")
BUNDLED = [os.path.join(ROOT, "benchmarks", "nbody", "nbody.cu"),
           os.path.join(ROOT, "benchmarks", "agents", "agents.cu")]
OVERHEAD_GOAL = 20.0   # % over clang -fsyntax-only, bundled kernels
TIME_GOAL_S = 1.0      # generated kernel
RSS_GOAL_MB = 200.0    # generated kernel
GEN_FIELDS = 256
GEN_ACCESSES = 20000


# ---- parser arguments: the same as analysis/frontend.c passes to libclang ----

def stub_headers():
    """The CUDA headers kdlg-opt maps onto its prelude (read from frontend.c)."""
    names = ["cuda_runtime.h"]
    try:
        src = open(os.path.join(ROOT, "analysis", "frontend.c")).read()
        m = re.search(r"cuda_stub_headers\[\]\s*=\s*\{(.*?)\};", src, re.S)
        if m:
            found = re.findall(r'"([^"]+)"', m.group(1))
            if found:
                names = found
    except OSError:
        pass
    return names


def make_stub_dir(tmp):
    """A directory in which <cuda_runtime.h> (and the other mapped headers)
    just include the prelude, as kdlg-opt's virtual include directory does."""
    d = os.path.join(tmp, "cuda-stubs")
    os.makedirs(d, exist_ok=True)
    for name in stub_headers():
        with open(os.path.join(d, name), "w") as f:
            f.write('#include "%s"\n' % PRELUDE)
    return d


def cuda_toolkit():
    """The CUDA toolkit kdlg-opt parses with (analysis/toolkit.h's search:
    CUDA_PATH, CUDA_HOME, the nvcc on PATH, /usr/local/cuda), or None."""
    def is_toolkit(d):
        return d and os.path.isfile(os.path.join(d, "include", "cuda_runtime.h"))
    for var in ("CUDA_PATH", "CUDA_HOME"):
        if os.environ.get(var):
            return os.environ[var].rstrip("/") if is_toolkit(os.environ[var]) else None
    nvcc = shutil.which("nvcc")
    if nvcc and os.path.basename(os.path.dirname(nvcc)) == "bin":
        root = os.path.dirname(os.path.dirname(nvcc))
        if is_toolkit(root):
            return root
    return "/usr/local/cuda" if is_toolkit("/usr/local/cuda") else None


def clang_args(clang, path, stub_dir):
    if path.endswith(".cl"):
        return [clang, "-fsyntax-only", "-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header", path]
    tk = cuda_toolkit()
    if tk:
        cccl = os.path.join(tk, "include", "cccl")
        return ([clang, "-fsyntax-only", "-x", "cuda", "--cuda-host-only", "-nocudalib", "-Wno-unknown-cuda-version",
                 "-std=c++17", "--cuda-path=" + tk] + (["-isystem", cccl] if os.path.isdir(cccl) else []) + [path])
    return [clang, "-fsyntax-only", "-x", "cuda", "-nocudainc", "-nocudalib", "--cuda-host-only",
            "-Wno-unknown-cuda-version", "-std=c++17", "-I", stub_dir, "-include", PRELUDE, path]


def kdlg_args(kdlg, path, tmp):
    return [kdlg, path, "--emit-dot", os.path.join(tmp, "out.dot"), "--emit-plan", os.path.join(tmp, "out.json")]


# ---- one timed run ----

def run_once(argv, errfile):
    """Wall seconds, max RSS (MB), CPU seconds (user+sys) and exit status of one child."""
    with open(errfile, "wb") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        t1 = time.perf_counter()
    p.returncode = os.waitstatus_to_exitcode(status)  # reaped by wait4: tell Popen
    return t1 - t0, ru.ru_maxrss / 1024.0, ru.ru_utime + ru.ru_stime, p.returncode


def measure(inp, clang, kdlg, stub_dir, tmp, warmup, reps, budget_s):
    """Runs both commands interleaved: `warmup` unmeasured rounds, then at least
    `reps` measured rounds, more for short inputs (up to budget_s seconds of
    measuring, at most 101 rounds), since a median of a few ms is noisy."""
    cmds = {"clang": clang_args(clang, inp, stub_dir), "kdlg": kdlg_args(kdlg, inp, tmp)}
    res = {k: {"wall": [], "rss": [], "cpu": [], "rc": set()} for k in cmds}
    errs = {k: os.path.join(tmp, "%s.stderr" % k) for k in cmds}
    rep = 0
    while True:
        if rep >= warmup + reps:
            done = rep - warmup
            pair = (sum(res["clang"]["wall"]) + sum(res["kdlg"]["wall"])) / done
            if done >= 101 or (done + 1) * pair > budget_s:
                break
        # interleaved, alternating which goes first so neither always runs on a warmer cache
        order = ["clang", "kdlg"] if rep % 2 == 0 else ["kdlg", "clang"]
        for k in order:
            wall, rss, cpu, rc = run_once(cmds[k], errs[k])
            res[k]["rc"].add(rc)
            if rep >= warmup:
                res[k]["wall"].append(wall)
                res[k]["rss"].append(rss)
                res[k]["cpu"].append(cpu)
        rep += 1
    out = {}
    for k in cmds:
        r = res[k]
        with open(errs[k], errors="replace") as f:
            tail = f.read()[-2000:]
        out[k] = {
            "wall_ms": statistics.median(r["wall"]) * 1e3,
            "wall_min_ms": min(r["wall"]) * 1e3,
            "wall_max_ms": max(r["wall"]) * 1e3,
            "cpu_ms": statistics.median(r["cpu"]) * 1e3,
            "rss_mb": max(r["rss"]),
            "rc": sorted(r["rc"]),
            "stderr": tail,
            "argv": cmds[k],
            "n": len(r["wall"]),
        }
    return out


# ---- environment ----

def first_line(argv):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        return (r.stdout or r.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        return "?"


def cpu_model():
    try:
        for ln in open("/proc/cpuinfo"):
            if ln.startswith("model name"):
                return ln.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def nproc():
    n = first_line(["nproc"])
    return n if n.isdigit() else str(os.cpu_count())


def loadavg():
    try:
        return open("/proc/loadavg").read().split()[0]
    except OSError:
        return "?"


def rel(path):
    return os.path.relpath(path, ROOT) if path.startswith(ROOT) else path


def count_lines(path):
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def find_opencl():
    found = []
    for d in [os.path.join(ROOT, "testsuite", "lit"), os.path.join(ROOT, "benchmarks")]:
        for dirpath, dirnames, filenames in os.walk(d):
            # skip hidden directories and lit's scratch directories (Output/)
            dirnames[:] = sorted(x for x in dirnames if not x.startswith(".") and x != "Output")
            if os.path.abspath(dirpath).startswith(HERE):
                continue  # our own generated files
            found += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".cl")]
    return found


# ---- main ----

def main():
    ap = argparse.ArgumentParser(description="kdlg-opt analysis speed vs clang -fsyntax-only")
    ap.add_argument("--quick", action="store_true", help="5 repetitions, 1 warm-up (default: 11 and 2)")
    ap.add_argument("--reps", type=int, help="repetitions per command (default 11, --quick 5)")
    ap.add_argument("--warmup", type=int, help="warm-up runs per command (default 2, --quick 1)")
    ap.add_argument("--kdlg-opt", default=os.path.join(ROOT, "build", "kdlg-opt"), help="kdlg-opt binary")
    ap.add_argument("--clang", default="clang-22", help="clang binary (default clang-22)")
    ap.add_argument("--results", default=os.path.join(HERE, "results.md"), help="Markdown output file")
    ap.add_argument("--keep", metavar="DIR", help="keep the generated kernels and outputs in DIR")
    a = ap.parse_args()
    reps = a.reps or (5 if a.quick else 11)
    warmup = a.warmup if a.warmup is not None else (1 if a.quick else 2)
    if reps < 1 or warmup < 0:
        ap.error("--reps must be >= 1 and --warmup >= 0")

    kdlg = os.path.abspath(a.kdlg_opt)
    if not os.access(kdlg, os.X_OK):
        print("run.py: %s not found: build it with `cmake --build build -j2`" % kdlg, file=sys.stderr)
        return 1
    clang = shutil.which(a.clang)
    if not clang:
        print("run.py: %s not found" % a.clang, file=sys.stderr)
        return 1

    tmp = a.keep or tempfile.mkdtemp(prefix="kdlg-bench-")
    os.makedirs(tmp, exist_ok=True)
    stub_dir = make_stub_dir(tmp)

    # inputs: (path, label, kind) with kind 'bundled' or 'generated'
    inputs = [(p, rel(p), "bundled") for p in BUNDLED if os.path.exists(p)]
    inputs += [(p, rel(p), "bundled") for p in find_opencl()]
    gen_notes = []
    for cl in (False, True):
        g = gen_kernel.Gen(GEN_FIELDS, 1, cl)
        text = g.program(GEN_ACCESSES)
        path = os.path.join(tmp, "big_%df_%da.%s" % (GEN_FIELDS, GEN_ACCESSES, "cl" if cl else "cu"))
        with open(path, "w") as f:
            f.write(text)
        in_src = gen_kernel.count_in_source(text)
        in_model, _ = gen_kernel.model_counts(kdlg, path)
        label = "generated %d fields / %d accesses (.%s)" % (GEN_FIELDS, g.count, "cl" if cl else "cu")
        gen_notes.append("%s: %d accesses intended (%d loads + %d stores), %d in the source, "
                         "%s in kdlg-opt's access model (`--dump-access-model | grep -c 'Big\\.'`)%s"
                         % (os.path.basename(path), g.count, g.loads, g.stores, in_src,
                            "? (kdlg-opt failed)" if in_model is None else "%d (%d + %d)" % in_model,
                            "" if in_model == (g.count, g.loads, g.stores) else "  ** MISMATCH **"))
        inputs.append((path, label, "generated ." + ("cl" if cl else "cu")))

    now = datetime.datetime.now().astimezone()
    head = [
        "# kdlg-opt analysis speed vs clang -fsyntax-only",
        "",
        "- date: %s" % now.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "- machine: %s, nproc %s, %s, load average at start %s"
        % (platform.node(), nproc(), cpu_model(), loadavg()),
        "- clang: %s (`%s`)" % (first_line([clang, "--version"]), clang),
        "- kdlg-opt: %s (`%s`)" % (first_line([kdlg, "--version"]), rel(kdlg)),
        "- method: per input, %d warm-up + at least %d measured runs of each command (more for short "
        "inputs, up to %.0f s of measuring; column n), interleaved (alternating order); median wall time "
        "(time.perf_counter around the child); max RSS from os.wait4's rusage of that child (maximum "
        "over the runs)" % (warmup, reps, 1.0 if a.quick else 3.0),
        "- kdlg-opt runs `kdlg-opt FILE --emit-dot TMP --emit-plan TMP`; clang runs `-fsyntax-only` with "
        "kdlg-opt's parser arguments (for .cu the prelude analysis/cuda_prelude.h, force-included "
        "and behind <cuda_runtime.h>)",
    ]
    for n in gen_notes:
        head.append("- " + n)
    print("\n".join(head), flush=True)
    print("", flush=True)

    rows = []
    for path, label, kind in inputs:
        ext = kind.split(" ")[1] if kind.startswith("generated") else ""
        kind = kind.split(" ")[0]
        print("measuring %s ..." % label, file=sys.stderr, flush=True)
        m = measure(path, clang, kdlg, stub_dir, tmp, warmup, reps, 1.0 if a.quick else 3.0)
        c, k = m["clang"], m["kdlg"]
        ratio = k["wall_ms"] / c["wall_ms"]
        rows.append({"label": label, "kind": kind, "ext": ext, "lines": count_lines(path), "c": c, "k": k,
                     "ratio": ratio, "overhead": (ratio - 1) * 100})

    table = [
        "| input | lines | clang -fsyntax-only median ms | kdlg-opt median ms | ratio kdlg-opt/clang "
        "| overhead % | kdlg-opt max RSS MB |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        table.append("| %s | %d | %.1f | %.1f | %.3f | %+.1f | %.1f |"
                     % (r["label"], r["lines"], r["c"]["wall_ms"], r["k"]["wall_ms"], r["ratio"],
                        r["overhead"], r["k"]["rss_mb"]))
    detail = [
        "",
        "Spread and CPU time (user+sys of the child, median):",
        "",
        "| input | n | clang min–max ms | kdlg-opt min–max ms | clang CPU ms | kdlg-opt CPU ms "
        "| CPU ratio | clang max RSS MB | exit clang / kdlg-opt |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        c, k = r["c"], r["k"]
        detail.append("| %s | %d | %.1f–%.1f | %.1f–%.1f | %.1f | %.1f | %.3f | %.1f | %s / %s |"
                      % (r["label"], k["n"], c["wall_min_ms"], c["wall_max_ms"], k["wall_min_ms"], k["wall_max_ms"],
                         c["cpu_ms"], k["cpu_ms"], k["cpu_ms"] / c["cpu_ms"] if c["cpu_ms"] else float("nan"),
                         c["rss_mb"], ",".join(map(str, c["rc"])), ",".join(map(str, k["rc"]))))

    # ---- goals ----
    goals = []
    failures = [r for r in rows if r["k"]["rc"] != [0] or r["c"]["rc"] != [0]]
    # an input clang itself rejects (a lit test of an error, say) is no measure of parsing: left out of G1
    invalid = [r for r in rows if r["kind"] == "bundled" and r["c"]["rc"] != [0]]
    bundled = [r for r in rows if r["kind"] == "bundled" and r["c"]["rc"] == [0]]
    gen = [r for r in rows if r["kind"] == "generated"]
    worst = max(bundled, key=lambda r: r["overhead"]) if bundled else None
    ok1 = bool(bundled) and all(r["overhead"] <= OVERHEAD_GOAL and r["k"]["rc"] == [0] for r in bundled)
    goals.append("G1 %s: analysis + outputs add at most %.0f %% over parsing alone on the bundled kernels "
                 "(%s)" % ("GOAL MET" if ok1 else "GOAL MISSED", OVERHEAD_GOAL,
                          "; ".join("%s %+.1f %%" % (r["label"], r["overhead"]) for r in bundled)
                          or "no bundled kernel found"))
    ok2 = bool(gen) and all(r["k"]["wall_ms"] < TIME_GOAL_S * 1e3 and r["k"]["rc"] == [0] for r in gen)
    goals.append("G2 %s: generated %d-field / %d-access kernel analysed in under %.0f s (%s)"
                 % ("GOAL MET" if ok2 else "GOAL MISSED", GEN_FIELDS, GEN_ACCESSES, TIME_GOAL_S,
                    "; ".join("%s %.0f ms" % (r["ext"], r["k"]["wall_ms"]) for r in gen)))
    ok3 = bool(gen) and all(r["k"]["rss_mb"] < RSS_GOAL_MB and r["k"]["rc"] == [0] for r in gen)
    goals.append("G3 %s: generated kernel's max RSS below %.0f MB (%s)"
                 % ("GOAL MET" if ok3 else "GOAL MISSED", RSS_GOAL_MB,
                    "; ".join("%s %.1f MB" % (r["ext"], r["k"]["rss_mb"]) for r in gen)))
    for r in invalid:
        goals.append("   not in G1: clang -fsyntax-only rejects %s (exit %s)" % (r["label"], r["c"]["rc"]))
    for r in bundled:
        cpu_ratio = r["k"]["cpu_ms"] / r["c"]["cpu_ms"] if r["c"]["cpu_ms"] else 0
        if (r["overhead"] > OVERHEAD_GOAL) != ((cpu_ratio - 1) * 100 > OVERHEAD_GOAL):
            goals.append("   note: %s: wall-time overhead %+.1f %% but CPU-time overhead %+.1f %%: "
                         "the wall-time verdict is probably noise (busy machine?); run again"
                         % (r["label"], r["overhead"], (cpu_ratio - 1) * 100))
    if worst and not ok1:
        goals.append("   worst bundled input: %s, kdlg-opt %.1f ms vs clang %.1f ms"
                     % (worst["label"], worst["k"]["wall_ms"], worst["c"]["wall_ms"]))
    for r in failures:
        goals.append("   note: %s exited %s (clang) / %s (kdlg-opt); stderr of kdlg-opt: %s"
                     % (r["label"], r["c"]["rc"], r["k"]["rc"], r["k"]["stderr"].strip()[-300:] or "-"))

    body = table + detail + ["", "## Goals", ""] + ["    " + g if g.startswith("   ") else "- " + g
                                                    for g in goals]
    print("\n".join(table + detail))
    print("")
    print("\n".join(goals))
    try:
        with open(a.results, "w") as f:
            f.write("\n".join(head + [""] + body) + "\n")
        print("\nwritten: %s" % rel(os.path.abspath(a.results)), file=sys.stderr)
    except OSError as e:
        print("run.py: cannot write %s: %s" % (a.results, e), file=sys.stderr)
    if not a.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
