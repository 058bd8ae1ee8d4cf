#!/usr/bin/env python3
"""plans.py: the structs and plans of the conversion emulator test (run.sh).

Writes OUTDIR/shapes.cu (one struct per plan, each with a kernel that takes a
pointer to it and a host function that cudaMallocs and launches it, so that
kdlg-opt rewrites it) and OUTDIR/plan.json (kdlg-opt --plan-in).  The plans
are layouts the GPU matrix of benchmarks/convert does not have: several
tiled clusters in one step, some whole tiles of the step and some larger
(slices when packing, stage_slice in transform/codegen_host.c), tiles that are
not powers of two (7, 48, 96, 192, 288, 768, 3072, 6144), AoS clusters with
raised alignment and padding (stage_zero), SoA next to tiles, and steps that
stage_per shortens or whose shared bytes drop staging.  Written by review
helper-27, which found with it that staged unpacking read directly loaded
regions of tiles not dividing the step at the wrong lanes (fixed in 313ced9).

Usage: plans.py OUTDIR
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "benchmarks", "convert"))
sys.dont_write_bytecode = True
import gen_shapes  # noqa: E402  (struct_source)

# name -> (fields [(ctype, name)], clusters [(names, layout, tile, align)])
F4 = lambda p, k: [("float4", "%s%d" % (p, i)) for i in range(k)]
S = {
 # A=208, ch=32: slice tiles of 1024 (wide, not staged in) + AoS of chars (staged in)
 "Mix1": (F4("q", 12) + [("char", "tag[8]")],
          [(["q%d" % i for i in range(12)], "tiled", 1024, None), (["tag"], "aos", None, None)]),
 # A=208, ch=32: slice 1024 + whole tiles of 16 + SoA + AoS align 16 padded, same step
 "Mix2": (F4("a", 10) + [("float", "f%d" % i) for i in range(8)] + [("char", "x[3]")] ,
          [(["a%d" % i for i in range(10)], "tiled", 1024, None), (["f0","f1","f2","f3"], "tiled", 16, None),
           (["f4","f5","f6","f7"], "soa", None, None), (["x"], "aos", None, 16)]),
 # A=256 (ch=32): tile 96 (slice, not power of two) + tile 32 whole
 "Mix3": (F4("b", 14) + [("int", "k%d" % i) for i in range(8)] ,
          [(["b%d" % i for i in range(14)], "tiled", 96, None), (["k%d" % i for i in range(8)], "tiled", 32, None)]),
 # A=4, ch=2048: tile 6144 slice + 2048 whole + SoA
 "Small": ([("short", "a"), ("char", "b"), ("char", "c")],
          [(["a"], "tiled", 6144, None), (["b"], "tiled", 2048, None), (["c"], "soa", None, None)]),
 # A=112 (ch=96): tile 192 slice, tile 32, AoS align 16 padded (char[5])
 "Mid": (F4("m", 6) + [("float", "g%d" % i) for i in range(3)] + [("char", "z[5]")],
          [(["m%d" % i for i in range(6)], "tiled", 192, None), (["g0","g1","g2"], "tiled", 32, None), (["z"], "aos", None, 16)]),
 # A=20: AoS align 16 padded + tiles of 48 (stage_per shortens)
 "Opt": ([("float", n) for n in "sxtrv"],
          [(["s","x","t"], "aos", None, 16), (["r","v"], "tiled", 48, None)]),
 # A=3 RGB tiles of 3*256 and SoA
 "RGB": ([("unsigned char", n) for n in "rgb"],
          [(["r","g"], "tiled", 768, None), (["b"], "soa", None, None)]),
 # A=208 tiles of 3*32*... 96*3=288 slice (ch=32) and t=2 whole w/ padding (char+double)
 "Pad": (F4("p", 12) + [("double", "d"), ("char", "c")],
          [(["p%d" % i for i in range(12)], "tiled", 288, None), (["d", "c"], "tiled", 2, None)]),
}

# more: slices next to AoS and SoA, huge and odd tiles, staging dropped by the budget
S2 = {
 "SmallP": ([("short", "a"), ("char", "b"), ("char", "c")],
          [(["a"], "tiled", 6144, None), (["b", "c"], "aos", None, None)]),
 "Huge": ([("unsigned char", n) for n in "rgba"],
          [(["r"], "tiled", 32768, None), (["g", "b"], "aos", None, None), (["a"], "tiled", 2048, None)]),
 "T768": ([("short", "a"), ("char", "b"), ("char", "c")],
          [(["a"], "tiled", 768, None), (["b", "c"], "aos", None, 4)]),
 "T96": (F4("b", 14) + [("int", "k%d" % i) for i in range(6)] + [("short", "s0"), ("short", "s1"), ("char", "c0"), ("char", "c1")],
          [(["b%d" % i for i in range(14)], "tiled", 96, None), (["k%d" % i for i in range(6)], "tiled", 32, None),
           (["s0", "s1", "c0", "c1"], "aos", None, 8)]),
 "Soa2": ([("double", "d"), ("float", "f"), ("short", "h"), ("char", "c"), ("char", "e")],
          [(["d", "f"], "tiled", 4096, None), (["h", "c"], "soa", None, None), (["e"], "tiled", 3, None)]),
 "Soa3": ([("double", "d"), ("float", "f"), ("short", "h"), ("char", "c"), ("char", "e")],
          [(["d", "f"], "tiled", 3072, None), (["h", "c"], "soa", None, None), (["e"], "tiled", 3, None)]),
 "WideA": ([("float4", "q[12]"), ("double", "d"), ("char", "c")],
          [(["q"], "tiled", 64, None), (["d", "c"], "aos", None, 16)]),
 "Tiny": ([("char", "a"), ("char", "b")],
          [(["a"], "aos", None, 16), (["b"], "aos", None, 16)]),
}
S2["Drop"] = ([("float", "x"), ("float", "y"), ("float", "z"), ("char", "c")],
          [(["x"], "aos", None, 16), (["y"], "aos", None, 16), (["z"], "aos", None, 16), (["c"], "tiled", 48, None)])
S2["TwoSl"] = ([("char", "c"), ("double", "d0"), ("double", "d1"), ("short", "s")] + F4("v", 12) + [("short", "h"), ("int", "k"), ("char", "z")],
          [(["c", "d0", "d1", "s"], "tiled", 1024, None), (["v%d" % i for i in range(12)], "tiled", 64, None), (["h"], "soa", None, None), (["k", "z"], "aos", None, 8)])
S2["Tile7"] = ([("unsigned char", n) for n in "rgb"], [(["r"], "tiled", 7, None), (["g", "b"], "aos", None, 4)])
S2["T3584"] = ([("unsigned char", n) for n in "rgb"], [(["r"], "tiled", 4096, None), (["g", "b"], "aos", None, 4)])
S.update(S2)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: plans.py OUTDIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    cu = ["// Generated by testsuite/convert-emu/plans.py: kdlg-opt's input for the conversion emulator.",
          "#include <cuda_runtime.h>", ""]
    plan = []
    for name, (fields, clusters) in S.items():
        cu += gen_shapes.struct_source(name, fields)
        cl = []
        for names, layout, tile, align in clusters:
            c = {"fields": names, "layout": layout, "tile": tile}
            if align: c["align"] = align
            cl.append(c)
        plan.append({"name": name, "clusters": cl})
    open(os.path.join(out, "shapes.cu"), "w").write("\n".join(cu) + "\n")
    json.dump({"structs": plan}, open(os.path.join(out, "plan.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
