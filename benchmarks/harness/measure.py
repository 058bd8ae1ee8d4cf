"""`benchmarks/run measure` (GPU machine): builds every prepared variant with
nvcc in parallel, runs them one at a time, parses their kdlg-bench lines and
writes results.csv and meta.json (rewritten after every run, so a run cut
short still leaves what it measured).

Order, so that a deadline cuts the least important runs:
  1. baselines, auto and references of every benchmark, then soa, split and
     tiled (all verified);
  2. oracle candidates with --no-verify, round-robin over the benchmarks;
  3. for each benchmark, the fastest candidate that beat the verified main
     variants is run again with verification (up to 3 tries down the list):
     the oracle is the fastest *verified* variant, and its time is that of the
     verified re-run (an independent sample, not the minimum of many).

Overlap: a program's timed part ends when it prints its kdlg-bench kernel_ms
line; the next program starts then, while the previous one verifies on the
host (at most --depth programs alive, only one of them before its timing
line).  --serial runs one program at a time.
"""

import csv
import datetime
import io
import os
import platform
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import benchout
from common import MANIFEST, ROOT, absroot, load_json, log, warn, write_atomic, write_json

COLUMNS = ["benchmark", "kind", "variant", "role", "plan", "same_as", "status", "detail",
           "kernel_ms", "e2e_ms", "reps", "elements", "bytes", "checksum", "checksum_rel_diff",
           "verify", "max_rel_err", "exit", "wall_s", "timed_s", "args", "source"]


def sh(cmd, timeout=60):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.stdout.strip() if p.returncode == 0 else ""
    except (OSError, subprocess.TimeoutExpired):
        return ""


def collect_meta(nvcc):
    gpu = sh(["nvidia-smi", "--query-gpu=name,driver_version,memory.total,clocks.max.sm",
              "--format=csv,noheader"])
    first = gpu.splitlines()[0] if gpu else ""
    parts = [p.strip() for p in first.split(",")] if first else []
    nv = sh([nvcc, "--version"])
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "device": parts[0] if parts else "unknown (nvidia-smi not found)",
        "driver": parts[1] if len(parts) > 1 else "unknown",
        "gpu_memory": parts[2] if len(parts) > 2 else "",
        "gpu_max_sm_clock": parts[3] if len(parts) > 3 else "",
        "gpus": len(gpu.splitlines()) if gpu else 0,
        "nvcc": (nv.splitlines()[-2] + " / " + nv.splitlines()[-1]) if nv.count("\n") >= 1 else (nv or "unknown"),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "host": platform.node(), "cpu": cpu, "cpus": os.cpu_count(),
        "python": platform.python_version(),
    }


# ---- building ----

def build_all(builds, work, nvcc, arch, jobs, logpath):
    """{build id: (ok, detail)}; binaries under work/bin; what nvcc printed
    goes to one file, logpath (the device tool brings back only a few files)."""
    os.makedirs(os.path.join(work, "bin"), exist_ok=True)

    def one(b):
        out = os.path.join(work, b["bin"])
        cmd = [nvcc, "-O3", "-arch=" + arch]
        for inc in b["includes"]:
            cmd += ["-I", absroot(inc)]
        cmd += [absroot(b["source"]), "-o", out]
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
            rc, text = p.returncode, (p.stdout + p.stderr)
        except subprocess.TimeoutExpired:
            rc, text = -1, "nvcc timed out"
        except OSError as e:
            rc, text = -1, "cannot run nvcc: %s" % e
        logs[b["id"]] = "=== %s (exit %s)\n$ %s\n%s\n" % (b["id"], rc, " ".join(cmd), text.strip()) if text.strip() else ""
        if rc != 0:
            errs = [l for l in text.splitlines() if "error" in l.lower()] or text.strip().splitlines()[-1:] or [""]
            return b["id"], (False, "nvcc: %s (builds.log)" % errs[0].strip()[:300])
        return b["id"], (True, "%.1f s" % (time.monotonic() - t0))

    logs = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as ex:
        res = dict(ex.map(one, builds))
    write_atomic(logpath, "".join(logs[b["id"]] for b in builds if logs.get(b["id"]))
                 or "every build was silent\n")
    return res


# ---- running ----

class Run:
    def __init__(self, job, cmd, timeout, on_done):
        self.job, self.cmd, self.timeout, self.on_done = job, cmd, timeout, on_done
        self.out, self.err = [], []
        self.timed = threading.Event()
        self.done = threading.Event()
        self.t_timed = None
        self.timed_out = False

    def start(self):
        self.t0 = time.monotonic()
        try:
            self.p = subprocess.Popen(self.cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                      errors="replace", cwd=ROOT, start_new_session=True)
        except OSError as e:
            self.rc, self.wall = 127, 0.0
            self.err.append("cannot start: %s\n" % e)
            try:
                self.on_done(self)
            finally:
                self.timed.set()
                self.done.set()
            return
        self.readers = [threading.Thread(target=self._read_out, daemon=True),
                        threading.Thread(target=self._read_err, daemon=True)]
        for t in self.readers:
            t.start()
        threading.Thread(target=self._wait, daemon=True).start()

    def _read_out(self):
        for line in self.p.stdout:
            self.out.append(line)
            if line.startswith("kdlg-bench ") and "kernel_ms=" in line and not self.timed.is_set():
                self.t_timed = time.monotonic() - self.t0
                self.timed.set()
        self.timed.set()

    def _read_err(self):
        for line in self.p.stderr:
            if len(self.err) < 2000:
                self.err.append(line)

    def _wait(self):
        try:
            self.rc = self.p.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.timed_out = True
            try:
                os.killpg(self.p.pid, signal.SIGKILL)
            except OSError:
                pass
            self.rc = self.p.wait()
        for t in self.readers:
            t.join(timeout=10)
        self.wall = time.monotonic() - self.t0
        try:
            self.on_done(self)  # the row is recorded before anyone sees `done`
        finally:
            self.timed.set()
            self.done.set()


class Measure:
    def __init__(self, args, man, recs, out, work):
        self.args, self.man, self.recs, self.out, self.work = args, man, recs, out, work
        self.lock = threading.Lock()
        self.rows = {}  # (benchmark, variant, role) -> row
        self.t_start = time.monotonic()
        self.deadline = self.t_start + args.budget
        self.quick = args.quick
        self.reps = args.reps or man.get("reps", 5)
        self.runlog = os.path.join(out, "runs.log")
        with open(self.runlog, "w"):
            pass
        self.stdbuf = shutil.which("stdbuf")

    # one row
    def base_row(self, rec, v, role):
        return {"benchmark": rec["name"], "kind": rec["kind"], "variant": v["name"], "role": role,
                "plan": v.get("label", ""), "same_as": v.get("same_as", ""),
                "args": " ".join(self.bench_args(rec)), "source": v.get("source", "")}

    def bench_args(self, rec):
        return list(rec["quick_args"] if self.quick else rec["args"])

    def est(self, rec):
        e = rec.get("quick_est" if self.quick else "est") or [10.0, 5.0]
        return float(e[0]), float(e[1])

    def put(self, row):
        with self.lock:
            self.rows[(row["benchmark"], row["variant"], row["role"])] = row
            self.flush()

    def flush(self):
        rows = self.materialize()
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({k: fmt(r.get(k, "")) for k in COLUMNS})
        write_atomic(os.path.join(self.out, "results.csv"), buf.getvalue())

    def materialize(self):
        """Every row in order: measured ones, aliases (same_as) as copies of
        their target, the oracle's result row, checksums compared with the
        baseline's."""
        out = []
        for rec in self.recs:
            mine = []
            if rec["status"] != "ok" and not rec.get("variants"):
                mine.append({"benchmark": rec["name"], "kind": rec["kind"], "variant": "-", "role": "main",
                             "status": rec["status"], "detail": rec.get("detail", ""),
                             "args": " ".join(self.bench_args(rec))})
            groups = [(rec.get("variants", []), None), (rec.get("oracle_variants", []), "oracle")]
            for vs, forced_role in groups:
                for v in vs:
                    role = forced_role or v.get("role", "main")
                    got = self.rows.get((rec["name"], v["name"], role))
                    if got is None and v.get("same_as"):
                        tgt = self.rows.get((rec["name"], v["same_as"], role))
                        if tgt is not None:
                            got = dict(tgt, variant=v["name"], same_as=v["same_as"], plan=v.get("label", tgt.get("plan")))
                            got["detail"] = v.get("note", "") or tgt.get("detail", "")
                        else:
                            got = dict(self.base_row(rec, v, role), status="not-run",
                                       detail="= %s, not measured (yet)" % v["same_as"])
                    if got is None:
                        if v.get("status") not in ("ok", None):
                            got = dict(self.base_row(rec, v, role), status=v["status"], detail=v.get("detail", ""))
                        else:
                            got = dict(self.base_row(rec, v, role), status="not-run",
                                       detail="--no-oracle" if role == "oracle" and self.args.no_oracle else "not run (yet)")
                    mine.append(got)
            for (b, name, role), r in self.rows.items():
                if b == rec["name"] and role == "oracle-verify":
                    mine.append(r)
            best = self.oracle_best(rec)
            if best is not None:
                mine.append(best)
            base = next((r for r in mine if r["variant"] in ("aos", "orig") and r.get("role") == "main"), None)
            bc = base.get("checksum") if base else None
            for r in mine:
                c = r.get("checksum")
                if isinstance(bc, float) and isinstance(c, float):
                    r["checksum_rel_diff"] = abs(c - bc) / max(abs(bc), 1e-300) if c != bc else 0.0
            out.extend(mine)
        return out

    def oracle_best(self, rec):
        if rec["kind"] != "struct" or "oracle" not in rec:
            return None
        if self.args.no_oracle:
            return {"benchmark": rec["name"], "kind": rec["kind"], "variant": "oracle", "role": "oracle-best",
                    "args": " ".join(self.bench_args(rec)), "status": "not-run", "detail": "--no-oracle"}
        pool = []
        for (b, name, role), r in self.rows.items():
            if b != rec["name"] or r.get("status") != "ok" or not isinstance(r.get("kernel_ms"), float):
                continue
            if role in ("main", "oracle-verify"):
                pool.append(r)
        row = {"benchmark": rec["name"], "kind": rec["kind"], "variant": "oracle", "role": "oracle-best",
               "args": " ".join(self.bench_args(rec))}
        if not pool:
            row.update(status="none-verified", detail="no verified variant (yet)")
            return row
        w = min(pool, key=lambda r: r["kernel_ms"])
        row.update({k: w.get(k, "") for k in COLUMNS if k not in ("benchmark", "kind", "variant", "role")})
        row["same_as"] = w["variant"]
        o = rec["oracle"]
        row["detail"] = "best of %s search: %d-layout space, %d candidates + the main variants" % (
            o["mode"], o["space"], o["planned"])
        return row

    # running
    def job_cmd(self, rec, v, verify):
        binary = os.path.join(self.work, "bin", v["build"])
        cmd = [binary] + self.bench_args(rec) + ["--reps", str(self.reps)]
        if not verify:
            cmd.append("--no-verify")
        if self.stdbuf:
            cmd = [self.stdbuf, "-oL"] + cmd
        return cmd

    def finish(self, run):
        rec, v, role, verify = run.job
        stdout, stderr = "".join(run.out), "".join(run.err)
        status, detail, p = benchout.verdict(run.rc, stdout, run.timed_out, expect_verify=verify)
        if status in ("run-failed", "bad-output", "timeout") and stderr.strip():
            detail += ": " + stderr.strip().splitlines()[-1][:200]
        row = self.base_row(rec, v, role)
        row.update(status=status, detail=detail, exit=run.rc, wall_s=round(run.wall, 2),
                   timed_s=round(run.t_timed, 2) if run.t_timed is not None else "")
        for k in ("kernel_ms", "e2e_ms", "reps", "elements", "bytes", "checksum", "verify", "max_rel_err"):
            if k in p:
                row[k] = p[k]
        if p.get("name") and p["name"] != rec["name"]:
            row["detail"] = (row["detail"] + "; " if row["detail"] else "") + "program says name=%s" % p["name"]
        with self.lock:
            with open(self.runlog, "a") as f:
                f.write("=== %s %s %s: %s\n$ %s\n%s--- stderr ---\n%s--- exit %s, %.1f s%s\n\n" % (
                    rec["name"], v["name"], role, status, " ".join(run.cmd), stdout, stderr[-20000:], run.rc,
                    run.wall, " (timed out)" if run.timed_out else ""))
        self.put(row)
        log("  %-13s %-8s %-13s %-13s kernel %9s ms  e2e %9s ms  %5.1f s  %s" % (
            rec["name"], v["name"], role, status, fmt(row.get("kernel_ms", "")), fmt(row.get("e2e_ms", "")),
            run.wall, detail[:80]))

    def run_jobs(self, jobs):
        """jobs: [(rec, variant, role, verify)]; waits for all of them."""
        active = []
        for job in jobs:
            rec, v, role, verify = job
            run_s, ver_s = self.est(rec)
            now = time.monotonic()
            need = run_s + (ver_s if verify else 0)
            if now + need > self.deadline:
                row = self.base_row(rec, v, role)
                row.update(status="not-run", detail="time budget (%.0f s left, about %.0f s needed)" % (
                    max(0, self.deadline - now), need))
                self.put(row)
                continue
            if v["build"] not in self.built_ok:
                row = self.base_row(rec, v, role)
                row.update(status="build-failed", detail=self.build_detail.get(v["build"], "not built"))
                self.put(row)
                continue
            while sum(1 for r in active if not r.done.is_set()) >= self.args.depth:
                time.sleep(0.02)
            timeout = float(rec.get("quick_timeout_s" if self.quick else "timeout_s") or (60 if self.quick else 180))
            timeout = max(5.0, min(timeout, self.deadline + 30 - time.monotonic()))
            r = Run(job, self.job_cmd(rec, v, verify), timeout, self.finish)
            r.start()
            active.append(r)
            (r.done if self.args.serial else r.timed).wait()
        for r in active:
            r.done.wait()

    def run(self):
        # 1. main variants and references
        first, second = [], []
        for rec in self.recs:
            vs = rec.get("variants", [])
            auto = next((v for v in vs if v["name"] == "auto"), {})
            early = {"aos", "orig", "auto", auto.get("same_as")}  # auto's figures come first
            for v in vs:
                if not v.get("build"):
                    continue
                role = v.get("role", "main")
                job = (rec, v, role, True)
                (first if v["name"] in early or role == "ref" else second).append(job)
        log("phase 1: %d verified runs (baselines, auto, references, then soa/split/tiled)" % (len(first) + len(second)))
        self.run_jobs(first + second)
        if self.args.no_oracle:
            log("--no-oracle: oracle candidates not run")
            return
        # 2. oracle candidates, round-robin
        queues = [[(rec, v, "oracle", False) for v in rec.get("oracle_variants", []) if v.get("build")]
                  for rec in self.recs if rec["kind"] == "struct"]
        rr = []
        while any(queues):
            for q in queues:
                if q:
                    rr.append(q.pop(0))
        # keep time for phase 3: one verified re-run per benchmark with candidates
        reserve = sum(sum(self.est(rec)) for rec in self.recs if rec.get("oracle_variants"))
        log("phase 2: %d oracle candidates (--no-verify), %.0f s kept for phase 3" % (len(rr), reserve))
        final = self.deadline
        self.deadline = final - reserve
        self.run_jobs(rr)
        self.deadline = final
        # 3. verify the winners
        log("phase 3: verifying the fastest oracle candidates")
        for tries in range(3):
            jobs = []
            for rec in self.recs:
                if rec["kind"] != "struct":
                    continue
                j = self.next_winner(rec)
                if j:
                    jobs.append(j)
            if not jobs:
                break
            self.run_jobs(jobs)

    def next_winner(self, rec):
        """The next candidate to verify: the fastest unverified candidate that
        is faster than every verified variant and not tried yet."""
        rows = self.rows
        verified = [r["kernel_ms"] for (b, n, role), r in rows.items()
                    if b == rec["name"] and role in ("main", "oracle-verify") and r.get("status") == "ok"
                    and isinstance(r.get("kernel_ms"), float)]
        best = min(verified) if verified else float("inf")
        tried = {n for (b, n, role) in rows if b == rec["name"] and role == "oracle-verify"}
        cands = [(r["kernel_ms"], n) for (b, n, role), r in rows.items()
                 if b == rec["name"] and role == "oracle" and r.get("status") == "unverified"
                 and isinstance(r.get("kernel_ms"), float) and n not in tried]
        cands.sort()
        if not cands or cands[0][0] >= best:
            return None
        name = cands[0][1]
        v = next(v for v in rec["oracle_variants"] if v["name"] == name)
        return (rec, v, "oracle-verify", True)


def fmt(x):
    if isinstance(x, float):
        if x == 0:
            return "0"
        if abs(x) >= 1e-3 and abs(x) < 1e7:
            return ("%.4f" % x).rstrip("0").rstrip(".")
        return "%.6e" % x
    return "" if x is None else str(x)


def measure(args):
    work = os.path.abspath(args.work)
    mpath = os.path.join(work, MANIFEST)
    if not os.path.exists(mpath):
        raise SystemExit("%s not found: run `benchmarks/run prepare` (on a machine with kdlg-opt) and carry %s" % (mpath, work))
    man = load_json(mpath)
    recs = man["benchmarks"]
    if args.only:
        want = {w for part in args.only for w in part.split(",") if w}
        bad = want - {r["name"] for r in recs}
        if bad:
            raise SystemExit("not in the manifest: %s" % ", ".join(sorted(bad)))
        recs = [r for r in recs if r["name"] in want]
    out = os.path.abspath(args.out or os.path.join(work, "results"))
    os.makedirs(out, exist_ok=True)
    for f in ("results.csv", "meta.json", "runs.log", "builds.log", "results.md", "fig5.png"):
        if os.path.exists(os.path.join(out, f)):
            os.remove(os.path.join(out, f))
    if args.budget is None:
        args.budget = float(man.get("budget_s", 540))
    nvcc = args.nvcc or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    meta = collect_meta(nvcc)
    meta.update({k: man.get(k) for k in ("kdlg_opt_version", "device_model", "model_device",
                                         "model_provisional", "git_commit")})
    meta.update(quick=bool(args.quick), reps=args.reps or man.get("reps", 5), arch=args.arch,
                overlap="serial" if args.serial else "pipelined (depth %d)" % args.depth, budget_s=args.budget,
                estimate_s=man.get("quick_estimate_s" if args.quick else "estimate_s"))
    meta["benchmarks"] = {r["name"]: {k: r.get(k) for k in ("kind", "source", "status", "detail", "struct", "fields",
                                                           "structs", "notes", "oracle")}
                          for r in recs}
    for r in recs:
        m = meta["benchmarks"][r["name"]]
        m["args"] = r["quick_args"] if args.quick else r["args"]
        m["variants"] = {v["name"]: {k: v.get(k) for k in ("how", "label", "note", "same_as", "status", "detail", "remarks")}
                         for v in r.get("variants", [])}
        m["oracle_candidates"] = len(r.get("oracle_variants", []))
    write_json(os.path.join(out, "meta.json"), meta)
    log("measure: %s, driver %s, %s; %d benchmarks, budget %.0f s, results -> %s" % (
        meta["device"], meta["driver"], meta["nvcc"], len(recs), args.budget, out))
    if not os.path.exists(nvcc):
        warn("nvcc not found (%s): every build fails" % nvcc)

    M = Measure(args, man, recs, out, work)
    names = {r["name"] for r in recs}
    builds = [b for b in man["builds"] if b["benchmark"] in names]
    if args.no_oracle:
        need = {v.get("build") for r in recs for v in r.get("variants", [])}
        builds = [b for b in builds if b["id"] in need]
    t0 = time.monotonic()
    res = build_all(builds, work, nvcc, args.arch, args.jobs or os.cpu_count() or 4, os.path.join(out, "builds.log"))
    M.built_ok = {k for k, (ok, _) in res.items() if ok}
    M.build_detail = {k: d for k, (ok, d) in res.items() if not ok}
    log("built %d of %d sources in %.0f s" % (len(M.built_ok), len(builds), time.monotonic() - t0))
    for k, d in sorted(M.build_detail.items()):
        warn("  build failed: %s: %s" % (k, d))
    with M.lock:
        M.flush()
    M.run()
    with M.lock:
        M.flush()
    meta["measure_s"] = round(time.monotonic() - M.t_start, 1)
    write_json(os.path.join(out, "meta.json"), meta)
    rows = M.materialize()
    counts = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    log("measure done in %.0f s: %s -> %s" % (meta["measure_s"], ", ".join("%s %d" % kv for kv in sorted(counts.items())),
                                              os.path.join(out, "results.csv")))
    bad = [r for r in rows if r["role"] in ("main", "ref") and r["status"] not in ("ok",)]
    return 1 if bad else 0
