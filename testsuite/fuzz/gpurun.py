#!/usr/bin/env python3
"""gpurun.py: the GPU half of a CUDA campaign (run.py --emit-only DIR made DIR).

  gpurun.py DIR [-j N] [--nvcc PATH] [--runtime DIR] [--out FILE]
            [--compile-only] [--seeds A-B]

DIR/fz<seed>/ holds orig.cu, one <layout>.cu per layout that kdlg-opt
rewrote without failing, and meta.json (the plan's struct states and the
classes run.py already gave: crash, reject).  For every seed, on a machine
with nvcc and an NVIDIA GPU:

1. nvcc compiles orig.cu (-arch=sm_90 -O1 -fmad=false, so no result depends
   on where the compiler fuses a multiply-add); it must compile, and two runs
   must write the same bytes (else the program is at fault: invalid);
2. each layout's output is compiled (nocompile if not; an output that is the
   original plus kdlg-opt's comment reuses the original's binary) and run; its
   output file must equal the original's byte for byte (match / refused,
   else mismatch, with the first differing offset).

--compile-only (a machine without a GPU): step 2 without running, nvcc -c
(match = compiled).  Writes FILE (default DIR/gpu-results.json): run.py's result tuples, which
`run.py --summarize FILE` tabulates; nvcc and run logs of failures stay in
DIR/fz<seed>/."""
import argparse
import filecmp
import json
import multiprocessing
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
A = None


def sh(cmd, log, timeout):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
                           timeout=timeout)
        out, rc = p.stdout, p.returncode
    except subprocess.TimeoutExpired:
        out, rc = "timeout", "timeout"
    with open(log, "a") as f:
        f.write("+ " + " ".join(cmd) + "\n" + out + f"[exit {rc}]\n")
    return rc, out


def first_error(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:300]
    return text.strip()[:300]


def body(path):
    with open(path, errors="replace") as f:
        t = f.read()
    if t.startswith("/* Data layout rewritten by kdlg-opt"):
        t = t[t.find("*/") + 2:].lstrip("\n")
    return t.strip()


def nvcc(src, exe, log):
    return sh([A.nvcc, *(["-c"] if A.compile_only else []), "-arch=sm_90", "-O1", "-std=c++17", "-fmad=false", "-w",
               "-I", A.runtime, src, "-o", exe], log, 900)


def first_diff(a, b):
    with open(a, "rb") as f:
        x = f.read()
    with open(b, "rb") as f:
        y = f.read()
    if len(x) != len(y):
        return f"{len(y)} bytes written, the original wrote {len(x)}"
    for k in range(len(x)):
        if x[k] != y[k]:
            return f"first difference at byte {k} of {len(x)}: 0x{x[k]:02x} -> 0x{y[k]:02x}"
    return ""


def one(d):
    with open(os.path.join(d, "meta.json")) as f:
        meta = json.load(f)
    seed, res = meta["seed"], []
    log = os.path.join(d, "gpu.log")
    orig = os.path.join(d, "orig")
    ok, why = True, ""

    def orig_ok():
        rc, text = nvcc(os.path.join(d, "orig.cu"), orig, log)
        return rc == 0, "the original does not compile: " + first_error(text)
    if not A.compile_only:  # compile only: the original is compiled when an output fails
        ok, why = orig_ok()
    if ok and not A.compile_only:
        for k in (0, 1):
            rc, text = sh([orig, os.path.join(d, f"orig.out{k}")], log, A.timeout)
            if rc != 0:
                ok, why = False, f"the original exits {rc}: {text.strip()[:200]}"
                break
        if ok and not filecmp.cmp(os.path.join(d, "orig.out0"), os.path.join(d, "orig.out1"), shallow=False):
            ok, why = False, "the original is not deterministic (two runs differ)"
    for L, m in meta["layouts"].items():
        states = m["states"]
        if m["class"]:  # decided by run.py (kdlg-opt crash, reject)
            res.append(["cuda", seed, L, m["class"], states, m["detail"]])
            continue
        if not ok:
            res.append(["cuda", seed, L, "invalid", states, why])
            continue
        src = os.path.join(d, L.replace(":", "") + ".cu")
        exe = src[:-3]
        if body(src) == body(os.path.join(d, "orig.cu")):
            cls, detail = "match", ""
        else:
            rc, text = nvcc(src, exe, log)
            if rc != 0 and A.compile_only and not os.path.exists(orig):
                ok, why = orig_ok()
                if not ok:
                    res.append(["cuda", seed, L, "invalid", states, why])
                    continue
            if rc != 0:
                res.append(["cuda", seed, L, "nocompile", states, "nvcc: " + first_error(text)])
                continue
            if A.compile_only:
                kept = "kept" in states.values()
                res.append(["cuda", seed, L, "refused" if kept else "match", states, m["detail"] if kept else ""])
                continue
            out = exe + ".out"
            rc, text = sh([exe, out], log, A.timeout)
            if rc != 0:
                cls, detail = "mismatch", f"the output exits {rc}: {text.strip()[:200]}"
            else:
                detail = first_diff(os.path.join(d, "orig.out0"), out)
                cls = "mismatch" if detail else "match"
        if cls == "match" and "kept" in states.values():
            cls, detail = "refused", m["detail"]
        res.append(["cuda", seed, L, cls, states, detail])
    if all(r[3] in ("match", "refused") for r in res):
        for p in os.listdir(d):
            if not p.endswith((".cu", ".json", ".log")):
                os.remove(os.path.join(d, p))
    return res


def main():
    global A
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir")
    ap.add_argument("-j", type=int, default=os.cpu_count())
    ap.add_argument("--nvcc", default="nvcc")
    ap.add_argument("--runtime", default=os.path.join(ROOT, "runtime"))
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--out")
    ap.add_argument("--compile-only", action="store_true")
    ap.add_argument("--seeds", help="A-B: only these seeds")
    A = ap.parse_args()
    dirs = sorted((os.path.join(A.dir, d) for d in os.listdir(A.dir) if d.startswith("fz")),
                  key=lambda d: int(os.path.basename(d)[2:]))
    if A.seeds:
        lo, hi = (int(x) for x in A.seeds.split("-"))
        dirs = [d for d in dirs if lo <= int(os.path.basename(d)[2:]) <= hi]
    results = []
    with multiprocessing.Pool(A.j) as pool:
        for res in pool.imap_unordered(one, dirs):
            results += res
            bad = [r for r in res if r[3] not in ("match", "refused")]
            print(f"seed {res[0][1]}: " + " ".join(f"{r[2]}={r[3]}" for r in res), flush=True)
            for r in bad:
                print(f"  {r[2]}: {r[3]}: {r[5]}", flush=True)
    with open(A.out or os.path.join(A.dir, "gpu-results.json"), "w") as f:
        json.dump(results, f)
    bad = sum(1 for r in results if r[3] not in ("match", "refused"))
    print(f"gpurun: {len(results)} runs, {bad} failing")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
