"""prepare -> measure -> report end to end on test programs, with a fake nvcc
whose "binaries" print kdlg-bench lines (no GPU): every variant gets a row,
failures are recorded as such, aliases and the oracle are right
(needs kdlg-opt)."""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from tests.util import DATA, FAKE_NVCC, ROOT, RUN, kdlg_opt

SUITE = {
    "format": "kdlg-bench-suite",
    "defaults": {"reps": 3, "budget_s": 120, "compile_s": 1, "gpu_jobs": 4,
                 "est": {"run_s": 0.5, "verify_s": 0.2}, "quick_est": {"run_s": 0.3, "verify_s": 0.1}},
    "oracle": {"tiles": ["aos", 32, "soa"], "exhaustive_cap": 64, "random": 4, "seed": 5},
    "benchmarks": [
        {"name": "particles", "kind": "struct", "source": os.path.relpath(os.path.join(DATA, "particles.cu"), ROOT),
         "args": ["1000"], "quick_args": ["10"]},
        {"name": "plain", "kind": "array", "source": os.path.relpath(os.path.join(DATA, "plain.cu"), ROOT),
         "references": [{"name": "other", "source": os.path.relpath(os.path.join(DATA, "particles.cu"), ROOT),
                         "what": "a stand-in"}],
         "args": [], "quick_args": []},
        {"name": "ghost", "kind": "struct", "source": "benchmarks/harness/tests/data/no-such-file.cu",
         "args": [], "quick_args": []},
    ],
    "published": [{"benchmark": "particles", "figure": "1.5×", "source": "nowhere"}],
}


def load(path):
    with open(path) as f:
        return json.load(f)


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


class Pipeline(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp(prefix="kdlg-pipeline-test-")
        self.suite = os.path.join(self.d, "suite.json")
        with open(self.suite, "w") as f:
            json.dump(SUITE, f)
        self.work = os.path.join(self.d, "work")
        self.out = os.path.join(self.d, "out")

    def tearDown(self):
        shutil.rmtree(self.d)

    def run_phase(self, *args, env=None, ok=(0, 1)):
        e = dict(os.environ)
        e.update(env or {})
        p = subprocess.run([sys.executable, RUN] + list(args) + ["--suite", self.suite, "--work", self.work],
                           capture_output=True, text=True, timeout=600, env=e, cwd=ROOT)
        self.assertIn(p.returncode, ok, p.stdout + p.stderr)
        return p

    def test_pipeline(self):
        k = kdlg_opt(self)
        p = self.run_phase("prepare", "--kdlg-opt", k)
        self.assertIn("time estimate", p.stdout)
        self.assertIn("ghost", p.stderr)  # the missing source is reported
        man = load(os.path.join(self.work, "manifest.json"))
        recs = {r["name"]: r for r in man["benchmarks"]}
        self.assertEqual(recs["ghost"]["status"], "missing")
        parts = recs["particles"]
        # 4 fields, {aos, 32, soa} per cluster: 35 layouts, under the cap
        self.assertEqual(parts["oracle"]["mode"], "exhaustive")
        self.assertEqual(parts["oracle"]["space"], 35)
        main = {v["key"] for v in parts["variants"] if "key" in v}
        cands = {v["key"] for v in parts["oracle_variants"]}
        # the space's AoS clusters are kdlg-opt's aligned ones ({x,y} 8 B,
        # the whole struct 16 B); aos (the original) and split (--layout
        # split's unaligned clusters) are two main variants outside it
        self.assertEqual(len(main | cands), 37)
        labels = {v["label"] for v in parts["variants"] + parts["oracle_variants"]}
        self.assertIn("{x,y,mass,id}:aos16", labels)
        self.assertIn("{x,y}:aos {mass,id}:aos", labels)
        self.assertFalse(main & cands)
        env = {"FAKE_FAIL_VERIFY": "work/particles/split.cu", "FAKE_NVCC_FAIL": "oracle/o002.cu", "FAKE_SLEEP": "0.02"}
        self.run_phase("measure", "--nvcc", FAKE_NVCC, "--out", self.out, "--jobs", "2", env=env)
        rows = read_csv(os.path.join(self.out, "results.csv"))
        by = {(r["benchmark"], r["variant"], r["role"]): r for r in rows}
        # every variant of the manifest has a row: nothing silently dropped
        for r in man["benchmarks"]:
            for v in r.get("variants", []):
                self.assertIn((r["name"], v["name"], v.get("role", "main")), by, v["name"])
            for v in r.get("oracle_variants", []):
                self.assertIn((r["name"], v["name"], "oracle"), by, v["name"])
        self.assertEqual(by[("ghost", "-", "main")]["status"], "missing")
        self.assertEqual(by[("particles", "aos", "main")]["status"], "ok")
        self.assertEqual(by[("particles", "split", "main")]["status"], "verify-failed")
        self.assertEqual(by[("particles", "o002", "oracle")]["status"], "build-failed")
        for (b, v, role), r in by.items():
            if role == "oracle" and v != "o002":
                self.assertEqual(r["status"], "unverified", v)
        # aliases carry their target's figures
        for (b, v, role), r in by.items():
            if r["same_as"] and role == "main":
                tgt = by[(b, r["same_as"], role)]
                self.assertEqual(r["kernel_ms"], tgt["kernel_ms"])
        self.assertEqual(by[("plain", "auto", "main")]["same_as"], "orig")
        self.assertIn("kdlg-nothing", by[("plain", "auto", "main")]["detail"])
        self.assertEqual(by[("plain", "ref:other", "ref")]["status"], "ok")
        # the oracle: the fastest verified variant, from the main ones or a verified re-run
        best = by[("particles", "oracle", "oracle-best")]
        self.assertEqual(best["status"], "ok")
        verified = [float(r["kernel_ms"]) for (b, v, role), r in by.items()
                    if b == "particles" and role in ("main", "oracle-verify") and r["status"] == "ok"]
        self.assertEqual(float(best["kernel_ms"]), min(verified))
        unver = [float(r["kernel_ms"]) for (b, v, role), r in by.items()
                 if b == "particles" and role == "oracle" and r["status"] == "unverified"]
        if min(unver) < min(float(r["kernel_ms"]) for (b, v, role), r in by.items()
                            if b == "particles" and role == "main" and r["status"] == "ok"):
            self.assertTrue(any(role == "oracle-verify" for (b, v, role) in by))
        meta = load(os.path.join(self.out, "meta.json"))
        for k in ("device", "driver", "nvcc", "date"):
            self.assertIn(k, meta)
        with open(os.path.join(self.out, "runs.log")) as f:
            runs = f.read()
        self.assertIn("=== particles aos main: ok", runs)
        self.assertIn("=== particles split main: verify-failed", runs)
        with open(os.path.join(self.out, "builds.log")) as f:
            self.assertIn("fake compile error", f.read())
        # few files: the device tool brings back only a handful
        self.assertLessEqual(len(os.listdir(self.out)), 6)
        # report
        p = self.run_phase("report", "--out", self.out, ok=(0,))
        with open(os.path.join(self.out, "results.md")) as f:
            md = f.read()
        self.assertIn("| particles |", md)
        self.assertIn("verify-failed", md)
        self.assertIn("## Plain-array benchmarks", md)

    def test_deadline(self):
        # a budget too small for anything: every run is recorded as not-run
        k = kdlg_opt(self)
        self.run_phase("prepare", "--kdlg-opt", k, "--only", "particles", "--max-oracle", "2")
        self.run_phase("measure", "--nvcc", FAKE_NVCC, "--out", self.out, "--budget-s", "0.1")
        rows = read_csv(os.path.join(self.out, "results.csv"))
        runs = [r for r in rows if r["role"] in ("main", "oracle")]
        self.assertTrue(runs)
        for r in runs:
            self.assertEqual(r["status"], "not-run", r)
            self.assertTrue(r["detail"], r)


if __name__ == "__main__":
    unittest.main()
