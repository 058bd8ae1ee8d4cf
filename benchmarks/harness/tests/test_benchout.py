"""Parsing of the kdlg-bench lines and the verdict of a run."""
import unittest

from tests.util import HARNESS  # noqa: F401
import benchout

GOOD = """some banner
kdlg-bench name=nbody elements=16384 bytes=524288
kdlg-bench kernel_ms=28.26 e2e_ms=30.5 reps=5
kdlg-bench checksum=-6.722533000e+01
kdlg-bench verify=PASSED max_rel_err=1.250e-07
"""


class Parse(unittest.TestCase):
    def test_good(self):
        st, detail, p = benchout.verdict(0, GOOD)
        self.assertEqual(st, "ok", detail)
        self.assertEqual(p["name"], "nbody")
        self.assertEqual(p["elements"], 16384)
        self.assertEqual(p["bytes"], 524288)
        self.assertAlmostEqual(p["kernel_ms"], 28.26)
        self.assertAlmostEqual(p["e2e_ms"], 30.5)
        self.assertEqual(p["reps"], 5)
        self.assertAlmostEqual(p["checksum"], -67.22533)
        self.assertEqual(p["verify"], "PASSED")
        self.assertAlmostEqual(p["max_rel_err"], 1.25e-7)

    def test_failed_verification(self):
        out = GOOD.replace("verify=PASSED max_rel_err=1.250e-07",
                           "verify=FAILED max_rel_err=3.000e-01 at element 17")
        st, detail, p = benchout.verdict(1, out)
        self.assertEqual(st, "verify-failed")
        self.assertIn("element 17", detail)
        self.assertAlmostEqual(p["kernel_ms"], 28.26)  # the times are still there
        # exit 0 with verify=FAILED (a program breaking the contract) is still a failure
        self.assertEqual(benchout.verdict(0, out)[0], "verify-failed")

    def test_missing_lines(self):
        out = "\n".join(l for l in GOOD.splitlines() if "checksum" not in l)
        st, detail, _ = benchout.verdict(0, out)
        self.assertEqual(st, "bad-output")
        self.assertIn("checksum", detail)
        st, detail, _ = benchout.verdict(0, "")
        self.assertEqual(st, "bad-output")
        self.assertIn("kernel_ms", detail)
        out = "\n".join(l for l in GOOD.splitlines() if "verify" not in l)
        self.assertEqual(benchout.verdict(0, out)[0], "bad-output")

    def test_malformed_number(self):
        st, detail, _ = benchout.verdict(0, GOOD.replace("kernel_ms=28.26", "kernel_ms=fast"))
        self.assertEqual(st, "bad-output")
        self.assertIn("kernel_ms", detail)
        st, _, _ = benchout.verdict(0, GOOD.replace("kernel_ms=28.26", "kernel_ms=nan"))
        self.assertEqual(st, "bad-output")

    def test_crash(self):
        st, detail, _ = benchout.verdict(1, "kdlg-bench name=nbody elements=1 bytes=32\n")
        self.assertEqual(st, "run-failed")
        self.assertIn("exit status 1", detail)
        st, detail, _ = benchout.verdict(-11, "")
        self.assertEqual(st, "run-failed")
        self.assertIn("signal 11", detail)
        self.assertEqual(benchout.verdict(0, GOOD, timed_out=True)[0], "timeout")

    def test_no_verify(self):
        out = GOOD.replace("verify=PASSED max_rel_err=1.250e-07", "verify=SKIPPED")
        self.assertEqual(benchout.verdict(0, out, expect_verify=False)[0], "unverified")
        # SKIPPED when verification was asked for is an error, not a pass
        self.assertEqual(benchout.verdict(0, out, expect_verify=True)[0], "bad-output")
        self.assertEqual(benchout.verdict(0, GOOD, expect_verify=False)[0], "ok")

    def test_other_lines_ignored(self):
        out = "kdlg-benchmark nonsense\nCUDA says hi\n" + GOOD + "kdlg-bench-extra x=1\n"
        self.assertEqual(benchout.verdict(0, out)[0], "ok")


if __name__ == "__main__":
    unittest.main()
