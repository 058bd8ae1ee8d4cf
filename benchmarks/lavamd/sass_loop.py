#!/usr/bin/env python3
"""sass_loop.py SASS: instruction counts of lavamd_kernel's inner loop over j.

SASS is `cuobjdump -sass` of a cubin that holds lavamd_kernel (other
functions in the file, e.g. kdlg-opt's conversion kernels, are skipped).  The
inner loop is the smallest backward-branch range that evaluates exp() (the
DFMA with the constant 6.755e15 of exp's range reduction); ptxas unrolls it,
so the line says how many j iterations one pass covers.  Prints the number of
instructions and of global loads/stores (LDG/STG), shared loads (LDS) and
double-precision FMA/MUL/ADD in that range.  See README.md ("Why SoA is 2x
slower").
"""
import re
import sys

EXP = "6.75539944105574400000e+15"


def main(path):
    ins, on = [], False
    for line in open(path):
        if "Function :" in line:
            on = "lavamd_kernel" in line
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
        if on and m:
            ins.append((int(m.group(1), 16), m.group(2).strip()))
    index = {a: i for i, (a, _) in enumerate(ins)}
    best = None
    for i, (a, text) in enumerate(ins):
        m = re.search(r"\bBRA (0x[0-9a-f]+)", text)
        if not m or int(m.group(1), 16) >= a or int(m.group(1), 16) not in index:
            continue
        lo = index[int(m.group(1), 16)]
        body = [t for _, t in ins[lo:i + 1]]
        if any(t.startswith("DFMA") and EXP in t for t in body) and (best is None or i - lo < best[1] - best[0]):
            best = (lo, i)
    if best is None:
        sys.exit("%s: no lavamd_kernel loop with exp() found" % path)
    body = [t for _, t in ins[best[0]:best[1] + 1]]

    def count(op):
        return sum(1 for t in body if re.match(r"(@!?U?P\d+ )?" + op + r"\b", t))

    unroll = sum(1 for t in body if t.startswith("DFMA") and EXP in t)
    print("%s: inner loop 0x%x-0x%x: %d instructions for %d j iteration(s): LDG %d STG %d LDS %d DFMA %d DMUL %d DADD %d"
          % (path, ins[best[0]][0], ins[best[1]][0], len(body), unroll, count("LDG"), count("STG"), count("LDS"),
             count("DFMA"), count("DMUL"), count("DADD")))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
