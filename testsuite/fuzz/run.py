#!/usr/bin/env python3
"""run.py: differential driver for kdlg-opt over gen.py's random programs.

  run.py --kdlg-opt build/kdlg-opt --lang cl|cuda|both --seeds A-B [-j N]
         [--work DIR] [--layouts "aos soa ..."] [--disable F,..] [--enable F,..]
         [--known FILE] [--build-only DIR] [--cuda-link] [--keep] [--fail-on CLASSES]

For every seed and every layout (aos soa split tiled:2 tiled:32 tiled:1024
auto) it runs kdlg-opt on the generated program and classifies the result:

  match      OpenCL: cldiff ran original and rewritten kernels on PoCL, every
             output byte equal.  CUDA: the output compiled (and linked).
  refused    as match, but a struct kept AoS with a remark ("-> kept in AoS")
  mismatch   OpenCL: an output byte, the layout header or the argument map
             differs from the original's (cldiff's MISMATCH)
  crash      kdlg-opt died on a signal, exited other than 0/1, or timed out
  reject     kdlg-opt exited 1 (input error) on a program the compilers accept
  nocompile  the rewritten program, or the host code against the layout
             header, does not compile (PoCL build log, cc, or nvcc)
  invalid    the generator's own program is at fault (the original does not
             compile, or the run is vacuous): a bug of gen.py, not of kdlg-opt

Failing cases keep their files in WORK/<lang>-<seed>/<layout>/ (program,
output, plan, logs, the command lines in cmd.txt); passing ones are removed
unless --keep.  WORK/failures.txt lists them, WORK/summary.txt holds the
table: runs per class and layout, and the share of the plans' structs each
layout rewrote (soa and tiled:N must rewrite every struct; a tool that
refuses everything is broken too).

--known FILE: the features listed there (known.txt) are switched off, each
line being an open kdlg-opt bug class.  --build-only DIR (CUDA): the binaries
of every original and every layout's output go to DIR in the format of
testsuite/cuda/run-gpu-diff.sh (fz<seed>.orig, fz<seed>.<layout>,
fz<seed>.run, libcudart), with DIR/run.sh; run it on a GPU machine.
Without --build-only CUDA outputs are compiled only (nvcc -c), faster.

Exit status: 1 if any run is in a class of --fail-on (default: mismatch crash
reject nocompile invalid), else 0."""
import argparse
import glob
import importlib.util
import json
import multiprocessing
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
LAYOUTS = ["aos", "soa", "split", "tiled:2", "tiled:32", "tiled:1024", "auto"]
CLASSES = ["match", "refused", "mismatch", "crash", "reject", "nocompile", "invalid"]
FAILING = ["mismatch", "crash", "reject", "nocompile", "invalid"]

sys.path.insert(0, HERE)
import gen  # noqa: E402

_spec = importlib.util.spec_from_file_location("cldiff_test", os.path.join(ROOT, "testsuite", "opencl", "cldiff_test.py"))
cldiff_test = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cldiff_test)


A = None  # the parsed arguments, for the workers


def sh(cmd, log, timeout=120, cwd=None, env=None):
    """runs cmd, appends the command and its output to log; (rc, output)"""
    with open(log, "a") as f:
        f.write("+ " + " ".join(shlex.quote(c) for c in cmd) + "\n")
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                           timeout=timeout, cwd=cwd, env=env)
        out, rc = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out, rc = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or ""), "timeout"
    with open(log, "a") as f:
        f.write(out)
        f.write(f"[exit {rc}]\n")
    return rc, out


def plan_states(out_path):
    """struct -> 'rewritten' | 'unchanged' | 'kept', from the output's plan comment"""
    states = {}
    try:
        with open(out_path, errors="replace") as f:
            head = f.read(20000)
    except OSError:
        return states
    end = head.find("*/")
    for m in re.finditer(r"^ \* (\w+): epsilon .*-> (rewritten|AoS \(unchanged\)|kept in AoS)", head[:end], re.M):
        states[m.group(1)] = {"rewritten": "rewritten", "kept in AoS": "kept"}.get(m.group(2), "unchanged")
    return states


def first_line(text, pats):
    for line in text.splitlines():
        for p in pats:
            if re.search(p, line):
                return line.strip()[:300]
    return ""


def signature(cls, detail):
    """a failure's class and its message with the names and numbers taken out"""
    d = re.sub(r"/\S*/", "", detail)
    d = re.sub(r"'[^']*'", "'_'", d)
    d = re.sub(r'"[^"]*"', '"_"', d)
    d = re.sub(r"\b\w*\d\w*\b", "N", d)
    return f"{cls}: {d[:160]}"


def kdlg(src, out, layout, d, extra=()):
    """runs kdlg-opt; (class or None, plan states, rc)"""
    cmd = [A.kdlg_opt, src, "-o", out, "--layout", layout, "--emit-plan", os.path.join(d, "plan.json"), *extra]
    rc, text = sh(cmd, os.path.join(d, "kdlg.log"), timeout=A.timeout)
    if rc == "timeout":
        return "crash", {}, f"kdlg-opt timed out after {A.timeout} s"
    if rc == 1:
        return "reject", {}, "kdlg-opt exited 1: " + first_line(text, [r"error"]) or text[:200]
    if rc != 0:
        why = f"signal {-rc}" if rc < 0 else f"exit {rc}"
        return "crash", {}, f"kdlg-opt {why}: " + (first_line(text, [r"rror|ssert|fault"]) or text.strip()[-200:])
    return None, plan_states(out), remark(text)


def remark(text):
    """the reason kdlg-opt gives for keeping a struct AoS (its first [kdlg-rewrite] remark)"""
    line = first_line(text, [r"\[kdlg-rewrite\]"])
    return re.sub(r"^\S+:\d+:\d+: remark: ", "", line)


# ---- OpenCL ---------------------------------------------------------------

def cl_layout(seed, prog, layout, d):
    os.makedirs(d, exist_ok=True)
    out_cl = os.path.join(d, "out.cl")
    cls, states, text = kdlg(prog, out_cl, layout, d)
    why_kept = text
    if cls:
        return cls, states, text
    header = out_cl + ".layout.h"
    have_header = os.path.exists(header)
    with open(os.path.join(d, "plan.json")) as f:
        plan = json.load(f)
    htext = open(header).read() if have_header else ""
    kernels = re.findall(r"^static const int kdlg_args_(\w+)\[\]", htext, re.M)
    src = open(prog).read()
    runs, keeps, options, _ = cldiff_test.directives(src)
    gen_c = os.path.join(d, "cldiff_gen.c")
    cldiff_test.write_wrapper(gen_c, src, plan, header if have_header else None, kernels)
    exe = os.path.join(d, "cldiff")
    rc, text = sh([A.cc, "-std=gnu11", "-O0", "-w", "-I", os.path.join(ROOT, "testsuite", "opencl"),
                   "-I", os.path.join(ROOT, "runtime"), gen_c, A.harness_obj, "-o", exe, "-lOpenCL", "-lm"],
                  os.path.join(d, "cc.log"))
    if rc != 0:
        return "nocompile", states, "the layout header does not compile with the host: " + \
            first_line(text, [r"error"])
    cmd = [exe, "--orig", prog, "--new", out_cl]
    for k, args in enumerate(runs):
        cmd += (["--then"] if k else []) + args
    env = dict(os.environ, POCL_CACHE_DIR=A.pocl_cache)
    rc, text = sh(cmd, os.path.join(d, "cldiff.log"), timeout=A.timeout * 4, env=env)
    if rc == 0:
        return ("refused", states, why_kept) if "kept" in states.values() else ("match", states, "")
    if rc == "timeout":
        return "invalid", states, "cldiff timed out (the kernels run too long?)"
    if "BUILD FAILED: the original" in text:
        return "invalid", states, "the original does not compile on PoCL: " + first_line(text, [r"error:"])
    if "BUILD FAILED" in text:
        return "nocompile", states, "the rewritten kernels do not compile: " + first_line(text, [r"error:"])
    if "vacuous" in text:
        return "invalid", states, first_line(text, ["vacuous"])
    if rc == 1:
        return "mismatch", states, first_line(text, [r"MISMATCH", r"FAIL"])
    return "invalid", states, f"cldiff exit {rc}: " + first_line(text, [r"cldiff:"])


# ---- CUDA -----------------------------------------------------------------

def nvcc_cmd(src, out, extra=()):
    cmd = [A.nvcc, "-arch=sm_90", "-O1", "-std=c++17", "-fmad=false", "-w", *extra, src, "-o", out]
    if A.build_only:
        cmd += ["-cudart", "shared", "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN"]
    elif not A.cuda_link:
        cmd.insert(1, "-c")
    return cmd


def cuda_body(text):
    """the program without kdlg-opt's leading plan comment"""
    if text.startswith("/* Data layout rewritten by kdlg-opt"):
        end = text.find("*/")
        return text[end + 2:].lstrip("\n")
    return text


def cuda_layout(seed, prog, layout, d, orig_bin):
    os.makedirs(d, exist_ok=True)
    out = os.path.join(d, "out.cu")
    extra = ["--inline-runtime"] if layout == "auto" else []
    cls, states, text = kdlg(prog, out, layout, d, extra)
    why_kept = text
    if cls:
        return cls, states, text, None
    with open(prog) as f:
        orig_text = f.read()
    with open(out, errors="replace") as f:
        out_text = f.read()
    binp = os.path.join(d, "bin")
    if cuda_body(out_text).strip() == orig_text.strip():
        if os.path.exists(orig_bin):
            shutil.copy(orig_bin, binp)
    else:
        inc = [] if layout == "auto" else ["-I", os.path.join(ROOT, "runtime")]
        rc, text = sh(nvcc_cmd(out, binp, inc), os.path.join(d, "nvcc.log"), timeout=600)
        if rc != 0:
            return "nocompile", states, "nvcc: " + (first_line(text, [r"error"]) or str(rc)), None
    if "kept" in states.values():
        return "refused", states, why_kept, binp
    return "match", states, "", binp


# ---- one seed ---------------------------------------------------------------

def one_seed(job):
    lang, seed, given = job
    base = os.path.join(A.work, f"{lang}-{seed}")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base)
    ext = "cu" if lang == "cuda" else "cl"
    prog = os.path.join(base, f"fz{seed}.{ext}")
    if given:  # --files: a program of one's own (a reproducer)
        shutil.copy(given, prog)
    else:
        g = gen.Gen(lang, seed, A.enable, A.disable[lang])
        with open(prog, "w") as f:
            f.write(g.generate())
    results = []
    t0 = time.time()
    orig_bin = None
    if lang == "cuda" and A.emit_only:
        return emit_seed(seed, prog), time.time() - t0
    if lang == "cuda":
        orig_bin = os.path.join(base, "orig")
        rc, text = sh(nvcc_cmd(prog, orig_bin), os.path.join(base, "nvcc-orig.log"), timeout=600)
        if rc != 0:
            detail = "the original does not compile: " + first_line(text, [r"error"])
            results = [(lang, seed, L, "invalid", {}, detail) for L in A.layouts]
            return results, time.time() - t0
    built = []
    for L in A.layouts:
        d = os.path.join(base, L.replace(":", ""))
        try:
            if lang == "cl":
                cls, states, detail = cl_layout(seed, prog, L, d)
            else:
                cls, states, detail, binp = cuda_layout(seed, prog, L, d, orig_bin)
                if binp and A.build_only:
                    built.append((L, binp))
        except Exception as e:  # a driver bug must not pass for a kdlg-opt one
            cls, states, detail = "invalid", {}, f"run.py: {type(e).__name__}: {e}"
        if cls in FAILING:
            with open(os.path.join(d, "cmd.txt"), "w") as f:
                f.write(f"{sys.executable} {os.path.join(HERE, 'gen.py')} --lang {lang} --seed {seed}"
                        + (f" --enable {','.join(A.enable)}" if A.enable else "")
                        + (f" --disable {','.join(A.disable[lang])}" if A.disable[lang] else "") + "\n")
                f.write(f"{A.kdlg_opt} {prog} -o out --layout {L}\n")
        elif not A.keep:
            # keep the CUDA binaries until they are copied
            for p in os.listdir(d):
                if p != "bin":
                    os.remove(os.path.join(d, p))
        results.append((lang, seed, L, cls, states, detail if cls in FAILING + ["refused"] else ""))
    if lang == "cuda" and A.build_only:
        name = f"fz{seed}"
        shutil.copy(orig_bin, os.path.join(A.build_only, f"{name}.orig"))
        names = []
        for L, b in built:
            ln = L.replace(":", "")
            shutil.copy(b, os.path.join(A.build_only, f"{name}.{ln}"))
            names.append(ln)
        shutil.copy(prog, os.path.join(A.build_only, f"{name}.cu"))
        with open(os.path.join(A.build_only, f"{name}.run"), "w") as f:
            f.write(f"mode=file\nargs=\nlayouts={' '.join(names)}\nskipped=\n")
    if not A.keep and all(r[3] not in FAILING for r in results):
        shutil.rmtree(base, ignore_errors=True)
    else:
        for L in A.layouts:  # binaries of passing layouts are not needed
            b = os.path.join(base, L.replace(":", ""), "bin")
            if os.path.exists(b):
                os.remove(b)
    return results, time.time() - t0


def emit_seed(seed, prog):
    """--emit-only: kdlg-opt here, nvcc and the GPU later (gpurun.py)"""
    d = os.path.join(A.emit_only, f"fz{seed}")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    shutil.copy(prog, os.path.join(d, "orig.cu"))
    meta = {"seed": seed, "layouts": {}}
    results = []
    for L in A.layouts:
        wd = os.path.join(os.path.dirname(prog), L.replace(":", ""))
        os.makedirs(wd, exist_ok=True)
        out = os.path.join(d, L.replace(":", "") + ".cu")
        extra = ["--inline-runtime"] if L == "auto" else []
        cls, states, detail = kdlg(prog, out, L, wd, extra)
        if cls:
            with open(os.path.join(wd, "cmd.txt"), "w") as f:
                f.write(f"{A.kdlg_opt} {prog} -o out --layout {L}\n")
        meta["layouts"][L] = {"class": cls, "states": states, "detail": detail}
        # run.py's own view: kdlg-opt's verdict; the rest comes from gpurun.py
        results.append(("cuda", seed, L, cls or ("refused" if "kept" in states.values() else "match"),
                        states, detail))
    with open(os.path.join(d, "meta.json"), "w") as f:
        json.dump(meta, f)
    if all(r[3] not in FAILING for r in results) and not A.keep:
        shutil.rmtree(os.path.dirname(prog), ignore_errors=True)
    return results


def parse_seeds(text):
    seeds = []
    for part in text.split(","):
        if "-" in part:
            a, b = part.split("-")
            seeds += range(int(a), int(b) + 1)
        elif part:
            seeds.append(int(part))
    return seeds


def read_known(path, lang):
    """known.txt: 'FEATURE LANGS CLASS REPRODUCER -- why' lines; the features to
    switch off for lang"""
    feats = []
    with open(path) as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if len(words) >= 2 and lang in words[1].split(","):
                feats.append(words[0])
    return feats


def summary(results, langs, elapsed):
    out = []
    for lang in langs:
        rs = [r for r in results if r[0] == lang]
        if not rs:
            continue
        nseeds = len({r[1] for r in rs})
        out.append(f"{'CUDA (nvcc compile)' if lang == 'cuda' else 'OpenCL (PoCL, cldiff)'}: "
                   f"{nseeds} programs x {len(A.layouts)} layouts = {len(rs)} runs")
        out.append(f"{'class':10}" + "".join(f"{L:>11}" for L in A.layouts) + f"{'all':>8}")
        for c in CLASSES:
            row = [sum(1 for r in rs if r[2] == L and r[3] == c) for L in A.layouts]
            if sum(row) or c in ("match", "refused"):
                out.append(f"{c:10}" + "".join(f"{v:>11}" for v in row) + f"{sum(row):>8}")
        for what, key in (("rewritten", "rewritten"), ("kept(rem)", "kept")):
            row = []
            for L in A.layouts:
                tot = sum(len(r[4]) for r in rs if r[2] == L)
                got = sum(1 for r in rs if r[2] == L for s in r[4].values() if s == key)
                row.append(f"{100.0 * got / tot:.0f}%" if tot else "-")
            out.append(f"{what:10}" + "".join(f"{v:>11}" for v in row))
        out.append("")
    why = {}
    for r in results:
        if r[3] == "refused":
            why.setdefault((r[0], signature("refused", r[5])), []).append(r)
    if why:
        out.append("refusals (lang, runs, first seed/layout, the first [kdlg-rewrite] remark):")
        for (lang, s), rs in sorted(why.items(), key=lambda kv: -len(kv[1])):
            out.append(f"  {lang:4} {len(rs):5}  {rs[0][1]}/{rs[0][2]:10}  {s}")
    sigs = {}
    for r in results:
        if r[3] in FAILING:
            sigs.setdefault((r[0], signature(r[3], r[5])), []).append(r)
    if sigs:
        out.append("failure signatures (lang, count, first seed/layout, signature):")
        for (lang, s), rs in sorted(sigs.items(), key=lambda kv: -len(kv[1])):
            out.append(f"  {lang:4} {len(rs):5}  {rs[0][1]}/{rs[0][2]:10}  {s}")
    if elapsed:
        out.append(f"elapsed {elapsed:.0f} s")
    return "\n".join(out)


def main():
    global A
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kdlg-opt", default=os.path.join(ROOT, "build", "kdlg-opt"))
    ap.add_argument("--lang", choices=["cl", "cuda", "both"], default="cl")
    ap.add_argument("--seeds", default="0-9", help="A-B,C,...")
    ap.add_argument("-j", type=int, default=1)
    ap.add_argument("--work", default="fuzz-work")
    ap.add_argument("--layouts", default=" ".join(LAYOUTS))
    ap.add_argument("--enable", default="")
    ap.add_argument("--disable", default="")
    ap.add_argument("--known", help="known.txt: switch its features off")
    ap.add_argument("--build-only", metavar="DIR", help="CUDA: binaries + run script for a GPU machine")
    ap.add_argument("--cuda-link", action="store_true", help="CUDA: link the outputs (default: nvcc -c)")
    ap.add_argument("--keep", action="store_true", help="keep the files of passing runs")
    ap.add_argument("--timeout", type=int, default=60, help="seconds for one kdlg-opt run")
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    ap.add_argument("--harness-obj", help="cldiff.c compiled (else compiled into WORK)")
    ap.add_argument("--fail-on", default=" ".join(FAILING))
    ap.add_argument("--emit-only", metavar="DIR", help="CUDA: only kdlg-opt here; sources for gpurun.py in DIR")
    ap.add_argument("--files", nargs="+", metavar="FILE", help="run these .cl / .cu programs instead of seeds "
                    "(numbered 0, 1, ... in the work dir)")
    ap.add_argument("--summarize", nargs="+", metavar="JSON", help="tabulate results.json / gpu-results.json files")
    A = ap.parse_args()
    A.layouts = A.layouts.split()
    if A.summarize:
        results = []
        for p in A.summarize:
            with open(p) as f:
                if p.endswith(".jsonl"):
                    results += [tuple(r) for line in f for r in json.loads(line)]
                else:
                    results += [tuple(r) for r in json.load(f)]
        print(summary(results, ["cl", "cuda"], 0))
        return
    A.kdlg_opt = os.path.abspath(A.kdlg_opt)
    if A.emit_only:
        os.makedirs(A.emit_only, exist_ok=True)
        A.emit_only = os.path.abspath(A.emit_only)
    A.enable = [f for f in A.enable.split(",") if f]
    dis = [f for f in A.disable.split(",") if f]
    A.disable = {}
    for lang in ("cl", "cuda"):
        A.disable[lang] = dis + [f for f in (read_known(A.known, lang) if A.known else [])
                                 if f not in A.enable and f not in dis]
    for f in A.enable + A.disable["cl"] + A.disable["cuda"]:
        if f not in gen.FEATURES:
            sys.exit(f"run.py: unknown feature '{f}'")
    os.makedirs(A.work, exist_ok=True)
    A.work = os.path.abspath(A.work)
    A.pocl_cache = os.path.join(A.work, "pocl-cache")
    langs = ["cl", "cuda"] if A.lang == "both" else [A.lang]
    if "cl" in langs and not A.harness_obj:
        A.harness_obj = os.path.join(A.work, "cldiff.o")
        subprocess.run([A.cc, "-std=gnu11", "-O2", "-w", "-c", "-I", os.path.join(ROOT, "runtime"),
                        os.path.join(ROOT, "testsuite", "opencl", "cldiff.c"), "-o", A.harness_obj], check=True)
    if A.build_only:
        os.makedirs(A.build_only, exist_ok=True)
        A.build_only = os.path.abspath(A.build_only)
        shutil.copy(os.path.join(ROOT, "testsuite", "cuda", "run-gpu-diff.sh"), os.path.join(A.build_only, "run.sh"))
        libs = glob.glob(os.path.join(os.path.dirname(os.path.realpath(A.nvcc)), "..", "lib64", "libcudart.so.[0-9]*"))
        libs = [l for l in libs if re.search(r"\.so\.\d+$", l)]
        if libs:
            shutil.copy(libs[0], A.build_only)
    if A.files:
        jobs = [("cuda" if f.endswith(".cu") else "cl", k, os.path.abspath(f)) for k, f in enumerate(A.files)]
        langs = sorted({j[0] for j in jobs})
    else:
        jobs = [(lang, s, None) for lang in langs for s in parse_seeds(A.seeds)]
    t0 = time.time()
    results = []
    fails = open(os.path.join(A.work, "failures.txt"), "w")
    # one line per seed as it finishes: a campaign stopped early keeps its
    # results (run.py --summarize WORK/results.jsonl)
    partial = open(os.path.join(A.work, "results.jsonl"), "w")
    with multiprocessing.Pool(max(1, A.j)) as pool:
        for rs, secs in pool.imap_unordered(one_seed, jobs):
            results += rs
            partial.write(json.dumps(rs) + "\n")
            partial.flush()
            bad = [r for r in rs if r[3] in FAILING]
            cls = {}
            for r in rs:
                cls[r[3]] = cls.get(r[3], 0) + 1
            print(f"{rs[0][0]:4} seed {rs[0][1]:5} {secs:6.1f} s  " + " ".join(f"{c}={n}" for c, n in sorted(cls.items())),
                  flush=True)
            for r in bad:
                line = f"{r[0]} seed {r[1]} layout {r[2]}: {r[3]}: {r[5]}"
                print("  " + line, flush=True)
                fails.write(line + "\n")
                fails.flush()
    text = summary(results, langs, time.time() - t0)
    with open(os.path.join(A.work, "summary.txt"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(A.work, "results.json"), "w") as f:
        json.dump(results, f)
    print(text)
    fail_on = set(A.fail_on.split())
    sys.exit(1 if any(r[3] in fail_on for r in results) else 0)


if __name__ == "__main__":
    main()
