#!/usr/bin/env python3
"""reduce.py: minimises one failing run of run.py to a small reproducer.

  reduce.py --lang cl|cuda --seed N --layout L [--disable F,..] [--enable F,..]
            [--work DIR] [-o OUT] [--max-checks K] [--kdlg-opt PATH]
  reduce.py --file PROG.cl|cu --layout L ...        (a program of one's own)

The failure is its class and message with names and numbers taken out
(run.py's signature).  Step 1 (seeds only): switch the seed's features off
one at a time, keeping each switch that keeps the failure; prints the
features that remain.  Step 2: delete lines of the program (chunks of
halving size, ddmin-like), keeping each deletion after which the same layout
still fails the same way and the original is still valid (it builds; run.py
classifies an invalid original as `invalid`, not as the failure).  Writes OUT
(default WORK/reduced.<ext>) and prints the check count."""
import argparse
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import run  # noqa: E402


class Checker:
    def __init__(self, a):
        self.a, self.n = a, 0
        self.lang = a.lang
        self.ext = "cu" if a.lang == "cuda" else "cl"

    def verdict(self, text):
        """(class, signature) of the layout on program text"""
        self.n += 1
        d = os.path.join(self.a.work, f"c{self.n}")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        prog = os.path.join(d, f"prog.{self.ext}")
        with open(prog, "w") as f:
            f.write(text)
        if self.lang == "cl":
            cls, _, detail = run.cl_layout(0, prog, self.a.layout, os.path.join(d, "out"))
            if cls in ("crash", "reject"):
                # kdlg-opt failed before PoCL saw the original: clang checks it
                rc, out = run.sh([self.a.clang, "-x", "cl", "-cl-std=CL1.2", "-Xclang", "-finclude-default-header",
                                  "-fsyntax-only", prog], os.path.join(d, "clang.log"))
                if rc != 0:
                    cls, detail = "invalid", "the original does not compile"
        else:
            # the output first (a crash needs no nvcc at all); then the
            # original must compile, else the deletion broke the program
            orig = os.path.join(d, "orig.o")
            cls, _, detail, _ = run.cuda_layout(0, prog, self.a.layout, os.path.join(d, "out"), orig)
            if cls in run.FAILING:
                rc, out = run.sh(run.nvcc_cmd(prog, orig), os.path.join(d, "nvcc-orig.log"))
                if rc != 0:
                    cls, detail = "invalid", "the original does not compile"
        if not self.a.keep:
            shutil.rmtree(d, ignore_errors=True)
        return cls, run.signature(cls, detail)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lang", choices=["cl", "cuda"])
    ap.add_argument("--seed", type=int)
    ap.add_argument("--file")
    ap.add_argument("--layout", required=True)
    ap.add_argument("--enable", default="")
    ap.add_argument("--disable", default="")
    ap.add_argument("--work", default="reduce-work")
    ap.add_argument("-o", "--output")
    ap.add_argument("--max-checks", type=int, default=400)
    ap.add_argument("--kdlg-opt", default=os.path.join(run.ROOT, "build", "kdlg-opt"))
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--clang", default=shutil.which("clang-22") or shutil.which("clang") or "clang",
                    help="checks OpenCL originals when kdlg-opt fails before PoCL builds them")
    ap.add_argument("--same-class", action="store_true",
                    help="keep a deletion when the class is the same, whatever the message")
    a = ap.parse_args()
    if a.file:
        a.lang = "cuda" if a.file.endswith(".cu") else "cl"
    elif a.lang is None or a.seed is None:
        ap.error("--lang and --seed, or --file")
    # run.py's workers read their options from run.A
    os.makedirs(a.work, exist_ok=True)
    a.work = os.path.abspath(a.work)
    run.A = argparse.Namespace(kdlg_opt=os.path.abspath(a.kdlg_opt), timeout=60, cc="cc",
                               nvcc=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc",
                               build_only=None, cuda_link=False, pocl_cache=os.path.join(a.work, "pocl-cache"),
                               harness_obj=os.path.join(a.work, "cldiff.o"))
    if a.lang == "cl" and not os.path.exists(run.A.harness_obj):
        import subprocess
        subprocess.run(["cc", "-std=gnu11", "-O2", "-w", "-c", "-I", os.path.join(run.ROOT, "runtime"),
                        os.path.join(run.ROOT, "testsuite", "opencl", "cldiff.c"), "-o", run.A.harness_obj],
                       check=True)
    ck = Checker(a)
    enable = [f for f in a.enable.split(",") if f]
    disable = [f for f in a.disable.split(",") if f]
    if a.file:
        text = open(a.file).read()
    else:
        text = gen.Gen(a.lang, a.seed, enable, disable).generate()
    cls, sig = ck.verdict(text)
    print(f"reduce: {cls}: {sig}", flush=True)
    if cls not in run.FAILING or cls == "invalid":
        sys.exit("reduce: the program does not fail")

    def same(t):
        c, s = ck.verdict(t)
        return c == cls and (s == sig or a.same_class)

    # 1. features
    if not a.file:
        g = gen.Gen(a.lang, a.seed, enable, disable)
        for f in sorted(x for x in g.feat if g.feat[x] and x not in enable):
            if ck.n >= a.max_checks:
                break
            t = gen.Gen(a.lang, a.seed, enable, disable + [f]).generate()
            if same(t):
                disable.append(f)
                text = t
                print(f"reduce: feature {f} off: still fails", flush=True)
        g = gen.Gen(a.lang, a.seed, enable, disable)
        print("reduce: features needed: " + ",".join(x for x in sorted(g.feat) if g.feat[x]), flush=True)
        print(f"reduce: gen.py --lang {a.lang} --seed {a.seed} --disable {','.join(disable)}", flush=True)

    # 2. lines (the comment lines at the top and the CLDIFF lines are kept)
    lines = text.split("\n")
    chunk = max(1, len(lines) // 4)
    while chunk >= 1 and ck.n < a.max_checks:
        k = 0
        progress = False
        while k < len(lines) and ck.n < a.max_checks:
            part = lines[k:k + chunk]
            # cldiff needs the CLDIFF lines, except where kdlg-opt itself fails
            keep = ("#include",) if cls in ("crash", "reject") else ("// CLDIFF", "#include")
            if all(p.startswith(keep) or not p.strip() for p in part):
                k += chunk
                continue
            trial = lines[:k] + lines[k + chunk:]
            if same("\n".join(trial)):
                lines = trial
                progress = True
                print(f"reduce: {len(lines)} lines ({ck.n} checks)", flush=True)
            else:
                k += chunk
        if not progress:
            chunk //= 2
    out = a.output or os.path.join(a.work, f"reduced.{ck.ext}")
    with open(out, "w") as f:
        f.write("\n".join(l for l in lines if l.strip()) + "\n")
    print(f"reduce: {out}: {len(lines)} lines after {ck.n} checks; {cls}: {sig}")


if __name__ == "__main__":
    main()
