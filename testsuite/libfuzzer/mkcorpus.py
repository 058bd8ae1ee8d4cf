#!/usr/bin/env python3
"""Writes the libFuzzer seed corpus of fuzz_pipeline.c: every .cu, .cuh and
.cl under testsuite/ and benchmarks/ (not lit's Output/), each behind the
harness's selector byte (bit 0: OpenCL; bits 1-3: the forced layout, taken
in turn so that every layout meets the seeds).

usage: mkcorpus.py REPO_ROOT OUT_DIR"""
import os
import sys


def sources(root):
    for top in ('testsuite', 'benchmarks'):
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if x != 'Output')
            for f in sorted(files):
                if f.endswith(('.cu', '.cuh', '.cl')):
                    yield os.path.join(d, f)


def main():
    root, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for n, path in enumerate(sources(root)):
        lang = 1 if path.endswith('.cl') else 0
        sel = lang | ((n % 6) << 1)
        with open(path, 'rb') as f:
            text = f.read()
        name = os.path.relpath(path, root).replace('/', '_')
        with open(os.path.join(out, name), 'wb') as f:
            f.write(bytes([sel]) + text)


if __name__ == '__main__':
    main()
