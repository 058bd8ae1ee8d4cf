"""benchmarks/compile-variants.sh with a fake nvcc (no CUDA needed): passes
on a struct program, fails on a [kdlg-rewrite] remark, on a plain-array
program unless --plain, on a compile error and without kdlg-opt
(needs kdlg-opt)."""
import os
import shutil
import subprocess
import tempfile
import unittest

from tests.util import BENCH, DATA, FAKE_NVCC, kdlg_opt

SCRIPT = os.path.join(BENCH, "compile-variants.sh")


class CompileVariants(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp(prefix="kdlg-cv-test-")

    def tearDown(self):
        shutil.rmtree(self.d)

    def cv(self, src, *extra, env=None, kdlg=None):
        e = dict(os.environ)
        e.update(env or {})
        out = os.path.join(self.d, "out")
        p = subprocess.run(["bash", SCRIPT, "--kdlg-opt", kdlg or kdlg_opt(self), "--nvcc", FAKE_NVCC]
                           + list(extra) + [os.path.join(DATA, src), out],
                           capture_output=True, text=True, timeout=600, env=e)
        return p.returncode, p.stdout + p.stderr, out

    def test_struct_program(self):
        rc, text, out = self.cv("particles.cu")
        self.assertEqual(rc, 0, text)
        for L in ("orig", "auto", "soa", "split", "tiled32"):
            self.assertTrue(os.path.exists(os.path.join(out, "particles." + L)), L)
        self.assertIn("OK   particles aos: kdlg-opt: the code is the input's", text)
        self.assertFalse(os.path.exists(os.path.join(out, "particles.aos")))

    def test_kept_struct_fails(self):
        rc, text, _ = self.cv("kept.cu")
        self.assertEqual(rc, 1, text)
        self.assertIn("[kdlg-rewrite]", text)
        self.assertIn("FAIL kept soa", text)

    def test_plain_program(self):
        rc, text, _ = self.cv("plain.cu")
        self.assertEqual(rc, 1, text)
        self.assertIn("finds no struct", text)
        rc, text, out = self.cv("plain.cu", "--plain", "--also", os.path.join(DATA, "particles.cu"))
        self.assertEqual(rc, 0, text)
        self.assertTrue(os.path.exists(os.path.join(out, "particles")))  # the --also file
        rc, text, _ = self.cv("particles.cu", "--plain")
        self.assertEqual(rc, 1, text)

    def test_compile_error_fails(self):
        rc, text, _ = self.cv("particles.cu", env={"FAKE_NVCC_FAIL": "particles.soa.cu"})
        self.assertEqual(rc, 1, text)
        self.assertIn("FAIL particles soa: nvcc", text)
        self.assertIn("OK   particles auto: compiled", text)

    def test_missing_tools(self):
        rc, text, _ = self.cv("particles.cu", kdlg=os.path.join(self.d, "no-kdlg-opt"))
        self.assertEqual(rc, 1)
        self.assertIn("kdlg-opt not found", text)
        p = subprocess.run(["bash", SCRIPT, "only-one-arg"], capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)


if __name__ == "__main__":
    unittest.main()
