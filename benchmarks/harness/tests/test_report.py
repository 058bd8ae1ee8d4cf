"""report: results.csv + meta.json -> results.md (and fig5.png when
matplotlib is installed; CI has none: then only the Markdown is checked)."""
import argparse
import contextlib
import csv
import io
import json
import os
import shutil
import tempfile
import unittest

from tests.util import HARNESS  # noqa: F401
import measure
import report

M = "main"


def row(b, kind, v, role, status="ok", kernel=None, e2e=None, same_as="", plan="", detail=""):
    return {"benchmark": b, "kind": kind, "variant": v, "role": role, "status": status,
            "kernel_ms": kernel if kernel is not None else "", "e2e_ms": e2e if e2e is not None else "",
            "same_as": same_as, "plan": plan, "detail": detail, "reps": 5, "checksum": 1.5,
            "elements": 1000, "bytes": 32000, "verify": "PASSED" if status == "ok" else ""}


ROWS = [
    row("nbody", "struct", "aos", M, kernel=10.0, e2e=20.0, plan="original AoS"),
    row("nbody", "struct", "soa", M, kernel=8.0, e2e=18.0, plan="SoA"),
    row("nbody", "struct", "split", M, kernel=8.0, e2e=18.0, same_as="soa", plan="SoA"),
    row("nbody", "struct", "tiled", M, kernel=8.0, e2e=18.0, same_as="soa", plan="SoA"),
    row("nbody", "struct", "auto", M, kernel=8.0, e2e=18.0, same_as="soa", plan="SoA"),
    row("nbody", "struct", "o001", "oracle", status="unverified", kernel=7.9, e2e=17.0, plan="{pos,vel}:t128"),
    row("nbody", "struct", "o002", "oracle", status="unverified", kernel=12.0, e2e=22.0, plan="{pos,vel}:t4"),
    row("nbody", "struct", "o001", "oracle-verify", kernel=7.95, e2e=17.0, plan="{pos,vel}:t128"),
    row("nbody", "struct", "oracle", "oracle-best", kernel=7.95, e2e=17.0, same_as="o001", plan="{pos,vel}:t128"),
    row("bitonic", "struct", "aos", M, kernel=10.0, e2e=20.0, plan="original AoS"),
    row("bitonic", "struct", "soa", M, status="verify-failed", kernel=12.0, e2e=22.0, plan="SoA",
        detail="verify=FAILED at element 3"),
    row("bitonic", "struct", "split", M, kernel=10.0, e2e=20.0, same_as="aos"),
    row("bitonic", "struct", "tiled", M, status="build-failed", detail="nvcc: error"),
    row("bitonic", "struct", "auto", M, kernel=12.5, e2e=21.0, plan="{key,id}:t32 SoA{value,tag}"),
    row("bitonic", "struct", "oracle", "oracle-best", kernel=10.0, e2e=20.0, same_as="aos", plan="original AoS"),
    row("cmm", "array", "orig", M, kernel=100.0, e2e=110.0, plan="original"),
    row("cmm", "array", "auto", M, kernel=100.0, e2e=110.0, same_as="orig",
        detail="= orig: kdlg-opt leaves the program unchanged (nothing to optimize [kdlg-nothing])"),
    row("cmm", "array", "ref:diag", "ref", kernel=50.0, e2e=60.0, plan="diagonal"),
]

META = {"device": "NVIDIA Test GPU", "driver": "999.1", "nvcc": "Cuda compilation tools, release 13.0, V13.0.88 / Build cuda_13.0.r13.0/compiler.36424714_0",
        "date": "2026-11-21 10:00 UTC", "kdlg_opt_version": "kdlg-opt 0.1.0", "git_commit": "abc123",
        "device_model": "runtime/models/provisional.json", "model_provisional": True, "reps": 5,
        "quick": False, "overlap": "serial", "measure_s": 100, "budget_s": 540,
        "benchmarks": {"nbody": {"struct": "Body", "fields": ["pos", "vel"],
                                 "oracle": {"mode": "exhaustive", "space": 6, "planned": 4, "left_out_for_time": 0,
                                            "tiles": ["aos", 4, 32, 128, 1024, "soa"]}},
                       "bitonic": {"struct": "Record", "fields": ["key", "id", "value", "tag"], "notes": ["a note"],
                                   "oracle": {"mode": "sampled", "space": 131, "planned": 0, "left_out_for_time": 9,
                                              "tiles": ["aos", 4, 32, 128, 1024, "soa"]}}}}

SUITE = {"published": [
    {"benchmark": "nbody", "figure": "SoA best", "source": "paper Fig. 5a", "h200": "SoA 1.45×"},
    {"benchmark": "cmm", "figure": "diagonal 1.8–2.0×", "source": "seed 000"},
    {"benchmark": "lavamd", "figure": "Table 2", "source": "paper"}]}


class Report(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp(prefix="kdlg-report-test-")
        with open(os.path.join(self.d, "results.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=measure.COLUMNS, lineterminator="\n")
            w.writeheader()
            for r in ROWS:
                w.writerow({k: measure.fmt(r.get(k, "")) for k in measure.COLUMNS})
        with open(os.path.join(self.d, "meta.json"), "w") as f:
            json.dump(META, f)

    def tearDown(self):
        shutil.rmtree(self.d)

    def run_report(self):
        args = argparse.Namespace(out=self.d, work=self.d, only=None)
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            rc = report.report(args, SUITE)
        self.assertEqual(rc, 0)
        with open(os.path.join(self.d, "results.md")) as f:
            return f.read(), buf.getvalue()

    def test_markdown(self):
        md, out = self.run_report()
        # metadata
        for s in ("NVIDIA Test GPU", "driver 999.1", "nvcc 13.0 (V13.0.88)", "2026-11-21 10:00 UTC", "abc123", "provisional"):
            self.assertIn(s, md)
        # the Fig. 5 table: speed-ups over AoS, kernel (e2e), aliases, auto / oracle
        self.assertIn("| nbody | 10.000 | 1.25 (1.11) | 1.25 (1.11) = soa | 1.25 (1.11) = soa | 1.25 (1.11) = soa "
                      "| 1.26 (1.18) | 0.994 | SoA |", md)
        self.assertIn("| bitonic | 10.000 | verify-failed | 1.00 (1.00) = aos | build-failed | 0.80 (0.95) | 1.00 (1.00) | 0.800 |", md)
        # goals
        self.assertIn("| nbody | met | met (1.25) | met (1.11) | met (0.994) |", md)
        self.assertIn("| bitonic | **missed** (soa: verify-failed, tiled: build-failed) | **missed** (0.80) "
                      "| **missed** (0.95) | **missed** (0.800) |", md)
        # oracle details
        self.assertIn("exhaustive search over 6 layouts", md)
        self.assertIn("Best: o001 ({pos,vel}:t128), 7.950 ms kernel.", md)
        self.assertIn("| o001 | {pos,vel}:t128 | 7.900 | 1.27 | ok, 7.950 ms |", md)
        self.assertIn("Note: a note.", md)
        # plain arrays: kdlg-opt's output unchanged, beside the reference
        self.assertIn("| cmm | 100.000 | 1.00 / 1.00 (= orig) | diag | 2.00 / 1.83 |", md)
        self.assertIn("kdlg-nothing", md)
        # published figures beside ours
        self.assertIn("| nbody | 1.25× (1.11) | 1.26× (oracle) | SoA best | paper Fig. 5a | SoA 1.45× |", md)
        self.assertIn("| cmm | reference 2.00× (1.83); kdlg-opt 1.00× | 2.00× (ref:diag) | diagonal 1.8–2.0× | seed 000 |", md)
        self.assertIn("| lavamd | not measured | not measured |", md)

    def test_noise_band(self):
        rows = [row("x", "struct", "aos", M, kernel=10.0, e2e=10.0), row("x", "struct", "auto", M, kernel=10.1, e2e=10.5)]
        for r in rows:
            r["kernel_ms"], r["e2e_ms"] = float(r["kernel_ms"]), float(r["e2e_ms"])
        b = report.Bench("x", rows, {})
        self.assertEqual(report.goal_auto_vs_aos(b, "kernel_ms"), "within noise (0.99)")
        self.assertEqual(report.goal_auto_vs_aos(b, "e2e_ms"), "**missed** (0.95)")

    def test_png(self):
        _, out = self.run_report()
        png = os.path.join(self.d, "fig5.png")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print("matplotlib not installed: the PNG part of the report test is skipped")
            self.assertIn("matplotlib is not installed: fig5.png not written", out)
            self.assertFalse(os.path.exists(png))
            return
        self.assertTrue(os.path.getsize(png) > 1000)


if __name__ == "__main__":
    unittest.main()
