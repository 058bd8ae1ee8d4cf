#!/usr/bin/env python3
"""extract.py: the host-compilable part of a kdlg-opt output, for emulate.cpp.

Usage: extract.py REWRITTEN.cu HOST.cpp STRUCTS.h

Keeps the generated types, accessors, layout descriptions and traits classes
(kdlg_S_conv) of REWRITTEN.cu; drops #include lines, the kernels and host
functions plans.py wrote (touch_*, launch_*) and the rewritten host wrappers
(`inline cudaError_t ...`).  HOST.cpp includes host_shim.h first;
STRUCTS.h defines STRUCTS(X) as X(S) for every traits class, in file order.
"""
import re
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: extract.py REWRITTEN.cu HOST.cpp STRUCTS.h")
    src = open(sys.argv[1]).read().split("\n")
    out, skip = [], False
    for ln in src:
        if skip:
            skip = ln != "}"
            continue
        if ln.startswith("#include"):
            continue
        if ln.startswith("inline cudaError_t") or ln.startswith("__global__ void touch_") or ln.startswith("void launch_"):
            skip = not ln.rstrip().endswith("}")  # a one-line definition ends here
            continue
        out.append(ln)
    open(sys.argv[2], "w").write('#include "host_shim.h"\n' + "\n".join(out))
    names = re.findall(r"^struct kdlg_(\w+)_conv \{", "\n".join(src), re.M)
    if not names:
        sys.exit("extract.py: no traits class in " + sys.argv[1])
    open(sys.argv[3], "w").write("#define STRUCTS(X) " + " ".join("X(%s)" % n for n in names) + "\n")


if __name__ == "__main__":
    main()
