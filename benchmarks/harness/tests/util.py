"""Shared by the harness tests: import path, kdlg-opt, test data."""
import os
import sys
import unittest

TESTS = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.dirname(TESTS)
BENCH = os.path.dirname(HARNESS)
ROOT = os.path.dirname(BENCH)
DATA = os.path.join(TESTS, "data")
FAKE_NVCC = os.path.join(DATA, "fake_nvcc.py")
RUN = os.path.join(BENCH, "run")
if HARNESS not in sys.path:
    sys.path.insert(0, HARNESS)


def kdlg_opt(test):
    """The kdlg-opt to test with: $KDLG_OPT (ctest sets it; must exist), else
    build/kdlg-opt (skipped when missing)."""
    env = os.environ.get("KDLG_OPT")
    if env:
        if not os.path.exists(env):
            test.fail("KDLG_OPT=%s does not exist" % env)
        return env
    p = os.path.join(ROOT, "build", "kdlg-opt")
    if not os.path.exists(p):
        raise unittest.SkipTest("kdlg-opt not built (build/kdlg-opt) and KDLG_OPT not set")
    return p
