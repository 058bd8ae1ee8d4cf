#!/usr/bin/env python3
"""A stand-in for nvcc in the harness tests (no GPU, no CUDA): `-o OUT SRC`
writes OUT, a Python script that behaves like a benchmark program
(benchmarks/CONTRACT.md) with deterministic fake times.

The program's behaviour comes from the environment at run time:
  FAKE_FAIL_VERIFY=sub1,sub2   sources whose path contains a substring print
                               verify=FAILED and exit 1
  FAKE_CRASH=sub               exit 1 with a CUDA-like error, no kdlg-bench lines
  FAKE_SLEEP=seconds           sleep before the timing line (default 0.01)
and at build time: FAKE_NVCC_FAIL=sub  makes the build fail for such sources.
kernel_ms = 10 * (0.5 + (crc32 of the source's text) % 1000 / 1000).
"""
import os
import sys
import zlib

args = sys.argv[1:]
out = args[args.index("-o") + 1]
srcs = [a for a in args if a.endswith((".cu", ".cuh"))]
src = srcs[-1]
fail = os.environ.get("FAKE_NVCC_FAIL")
if fail and fail in src:
    print("%s(1): error: fake compile error" % src, file=sys.stderr)
    sys.exit(1)
with open(src, "rb") as f:
    text = f.read()
crc = zlib.crc32(text)
kernel = 10.0 * (0.5 + (crc % 1000) / 1000.0)
prog = r'''#!/usr/bin/env python3
import os, sys, time
SRC = %r
KERNEL = %r
argv = sys.argv[1:]
reps = int(argv[argv.index("--reps") + 1]) if "--reps" in argv else 5
verify = "--no-verify" not in argv
def hit(var):
    return any(s and s in SRC for s in os.environ.get(var, "").split(","))
if hit("FAKE_CRASH"):
    print("CUDA error out of memory at x.cu:1", file=sys.stderr)
    sys.exit(1)
parts = os.path.dirname(os.path.abspath(SRC)).split(os.sep)
print("kdlg-bench name=%%s elements=1000 bytes=32000" %% (parts[-2] if parts[-1] == "oracle" else parts[-1]))
time.sleep(float(os.environ.get("FAKE_SLEEP", "0.01")))
print("kdlg-bench kernel_ms=%%.4f e2e_ms=%%.4f reps=%%d" %% (KERNEL, KERNEL * 3, reps), flush=True)
print("kdlg-bench checksum=%%.9e" %% 1234.5)
if not verify:
    print("kdlg-bench verify=SKIPPED")
    sys.exit(0)
time.sleep(float(os.environ.get("FAKE_SLEEP", "0.01")))
if hit("FAKE_FAIL_VERIFY"):
    print("kdlg-bench verify=FAILED max_rel_err=1.000e+00 at element 3")
    sys.exit(1)
print("kdlg-bench verify=PASSED max_rel_err=0.000e+00")
''' % (src, kernel)
with open(out, "w") as f:
    f.write(prog)
os.chmod(out, 0o755)
