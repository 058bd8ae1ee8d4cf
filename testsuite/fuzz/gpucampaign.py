#!/usr/bin/env python3
"""gpucampaign.py: a whole CUDA campaign on one machine with a GPU, by deadline.

  gpucampaign.py --kdlg-opt PATH --seeds A-B --deadline SECONDS [-j N]
                 [--work DIR] [--known FILE] [--out FILE] [--gpus N] [--enable F,..]

run.py --emit-only and gpurun.py, fused per seed so that a machine held for a
fixed time does useful work all of it: each worker takes the next seed,
generates it (gen.py), runs kdlg-opt under every layout (run.py's emit_seed),
then compiles the original and every output with nvcc and runs them on a GPU
(gpurun.py's one), comparing every output byte.  No seed is started after
--deadline seconds; the seeds done are all complete (every layout).  Seeds go
to the GPUs in turn (CUDA_VISIBLE_DEVICES = seed mod --gpus).

Results: one JSON line per seed in --out (default WORK/results.jsonl), the
result tuples of run.py / gpurun.py; `run.py --summarize FILE` tabulates them.
Failing seeds keep their files under WORK/emit/fz<seed>/ (logs, sources) and
WORK/cuda-<seed>/ (kdlg-opt's logs)."""
import argparse
import json
import multiprocessing
import os
import shutil
import sys
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402
import gpurun  # noqa: E402
import run  # noqa: E402

A = None
T0 = 0.0


def setup(args, t0):
    """Worker initialiser: the two drivers' option objects, as their main()s set them."""
    global A, T0
    A, T0 = args, t0
    run.A = types.SimpleNamespace(
        kdlg_opt=A.kdlg_opt, layouts=run.LAYOUTS, enable=[f for f in A.enable.split(",") if f], keep=False,
        timeout=A.timeout,
        work=A.work, emit_only=os.path.join(A.work, "emit"),
        disable={"cuda": run.read_known(A.known, "cuda") if A.known else []})
    gpurun.A = types.SimpleNamespace(nvcc=A.nvcc, runtime=os.path.join(run.ROOT, "runtime"),
                                     compile_only=False, timeout=120)


def one(seed):
    if time.time() - T0 > A.deadline:
        return None
    os.environ["CUDA_VISIBLE_DEVICES"] = str(seed % A.gpus)
    t = time.time()
    run.one_seed(("cuda", seed, None))  # kdlg-opt's crashes and rejects go to meta.json, which gpurun reads
    d = os.path.join(run.A.emit_only, f"fz{seed}")
    out = [tuple(r) for r in gpurun.one(d)]
    if all(r[3] in ("match", "refused") for r in out):
        shutil.rmtree(d, ignore_errors=True)
    return out, time.time() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kdlg-opt", required=True)
    ap.add_argument("--seeds", required=True, help="A-B")
    ap.add_argument("--deadline", type=float, required=True, help="seconds after which no seed is started")
    ap.add_argument("-j", type=int, default=os.cpu_count())
    ap.add_argument("--gpus", type=int, default=1)
    ap.add_argument("--work", default="gpu-campaign")
    ap.add_argument("--known")
    ap.add_argument("--out")
    ap.add_argument("--timeout", type=int, default=120, help="seconds for one kdlg-opt run")
    ap.add_argument("--nvcc", default="nvcc")
    ap.add_argument("--enable", default="", help="generator features forced on (F,..), as run.py's")
    args = ap.parse_args()
    args.kdlg_opt = os.path.abspath(args.kdlg_opt)
    args.work = os.path.abspath(args.work)
    os.makedirs(os.path.join(args.work, "emit"), exist_ok=True)
    out = open(args.out or os.path.join(args.work, "results.jsonl"), "w")
    t0 = time.time()
    seeds = run.parse_seeds(args.seeds)
    done = bad = 0
    with multiprocessing.Pool(args.j, initializer=setup, initargs=(args, t0)) as pool:
        for r in pool.imap_unordered(one, seeds):
            if r is None:
                continue
            res, secs = r
            out.write(json.dumps(res) + "\n")
            out.flush()
            done += 1
            fails = [x for x in res if x[3] not in ("match", "refused")]
            bad += len(fails)
            cls = {}
            for x in res:
                cls[x[3]] = cls.get(x[3], 0) + 1
            print(f"seed {res[0][1]:6} {secs:6.1f} s  " + " ".join(f"{c}={n}" for c, n in sorted(cls.items())),
                  flush=True)
            for x in fails:
                print(f"  {x[2]}: {x[3]}: {x[5]}", flush=True)
    print(f"gpucampaign: {done} seeds, {bad} failing runs, {time.time() - t0:.0f} s")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
