#!/usr/bin/env python3
"""gen_kernel.py: a large synthetic kernel for kdlg-opt's analysis-speed benchmark.

Generates a CUDA (.cu) or, with --cl, an OpenCL C (.cl) file with

  * struct Big of F fields (default 256) of mixed types (float, int, float4,
    double), so field sizes vary (4, 4, 16, 8 bytes);
  * a few kernels that take `Big *p` (a __global pointer in OpenCL), each with
    a grid-stride loop around its body;
  * two device helpers that take the pointer, each called exactly once;
  * constant-bound loops, nested loops (loop depth <= 3 counting the
    grid-stride loop), if/else, straight-line code;

totalling exactly N global-memory instructions on fields of Big (default
20000) as kdlg-opt's access model counts them:

  plain read    acc += p[i].f7;          1 load
  store         p[i].f7 = acc;           1 store
  copy          p[i].f7 = p[j].f9 * s;   1 load + 1 store
  compound      p[i].f7 += acc;          1 load + 1 store (read-modify-write)
  condition     if (p[i].f7 > 0) ...     1 load

A float4 field is accessed through one component (p[i].f3.x: a 4-byte access
of field f3).  Each helper is called once, so the access model (which inlines
calls per call site) holds exactly the accesses written in the source.

The output is deterministic for given arguments (--seed, default 1).  The
number of accesses is printed on stdout with -o FILE (on stderr when stdout
carries the file); --check BIN runs `BIN FILE --dump-access-model` and verifies that
the model holds exactly that many accesses of Big (`grep -c 'Big\\.'`).
"""
import argparse
import random
import re
import subprocess
import sys

TYPES = ["float", "int", "float4", "double"]
SIZES = {"float": 4, "int": 4, "float4": 16, "double": 8}


class Gen:
    def __init__(self, fields, seed, cl):
        self.rng = random.Random(seed)
        self.cl = cl
        self.types = [self.rng.choice(TYPES) for _ in range(fields)]
        # make sure every type occurs (small --fields)
        for k, t in enumerate(TYPES[: min(fields, len(TYPES))]):
            if t not in self.types:
                self.types[k] = t
        self.out = []
        self.count = 0  # accesses emitted (loads + stores of Big fields)
        self.loads = 0
        self.stores = 0
        self.loopvar = 0

    # ---- lines ----
    def line(self, depth, text):
        self.out.append("    " * depth + text)

    # ---- one field access expression ----
    def fref(self, idx, f):
        """An lvalue designating (part of) field f of p[idx]: one access."""
        t = self.types[f]
        comp = "." + self.rng.choice("xyzw") if t == "float4" else ""
        return "p[%s].f%d%s" % (idx, f, comp)

    def idx(self, loops):
        """An index expression: no global-memory access in it."""
        if loops and self.rng.random() < 0.5:
            v = self.rng.choice(loops)
            return self.rng.choice(["(i + %s) %% n" % v, "(i ^ %s) %% n" % v])
        return "i"

    def stmt(self, depth, loops, budget):
        """One statement costing 1 or 2 accesses (at most budget); returns its cost."""
        F = len(self.types)
        f = self.rng.randrange(F)
        r = self.rng.random()
        if budget >= 2 and r < 0.45:
            if self.rng.random() < 0.5:  # compound assignment: load + store
                op = self.rng.choice(["+=", "-=", "*="])
                self.line(depth, "%s %s acc;" % (self.fref(self.idx(loops), f), op))
            else:  # copy between fields: load + store
                g = self.rng.randrange(F)
                self.line(depth, "%s = %s * 0.5f;" % (self.fref("i", f), self.fref(self.idx(loops), g)))
            self.loads += 1
            self.stores += 1
            return 2
        if r < 0.8:  # plain read: one load
            self.line(depth, "acc += %s;" % self.fref(self.idx(loops), f))
            self.loads += 1
        else:  # plain store: one store
            self.line(depth, "%s = acc;" % self.fref("i", f))
            self.stores += 1
        return 1

    def straight(self, depth, loops, budget):
        """A run of 1..8 statements; returns the accesses used."""
        used = 0
        for _ in range(self.rng.randint(1, 8)):
            if used >= budget:
                break
            used += self.stmt(depth, loops, budget - used)
        return used

    def block(self, depth, loops, budget, loop_depth):
        """Statements and control flow using exactly `budget` accesses."""
        used = 0
        while used < budget:
            left = budget - used
            r = self.rng.random()
            if r < 0.25 and left >= 4 and loop_depth < 3:  # constant-bound loop (maybe nested)
                sub = self.rng.randint(2, min(left, 60))
                v = "j%d" % self.loopvar
                self.loopvar += 1
                trip = self.rng.choice([2, 4, 8, 16, 32])
                self.line(depth, "for (int %s = 0; %s < %d; %s++) {" % (v, v, trip, v))
                used += self.block(depth + 1, loops + [v], sub, loop_depth + 1)
                self.line(depth, "}")
            elif r < 0.45 and left >= 5:  # if/else with a condition on a field
                f = self.rng.randrange(len(self.types))
                self.line(depth, "if (%s > 0) {" % self.fref(self.idx(loops), f))
                self.loads += 1
                used += 1
                a = self.rng.randint(1, min(left - 1, 40))
                used += self.block(depth + 1, loops, a, loop_depth)
                b = self.rng.randint(0, min(budget - used, 40))
                if b:
                    self.line(depth, "} else {")
                    used += self.block(depth + 1, loops, b, loop_depth)
                self.line(depth, "}")
            else:
                used += self.straight(depth, loops, left)
        assert used == budget, (used, budget)
        return used

    # ---- program ----
    def program(self, accesses, nkernels=4, host=False):
        cl = self.cl
        gp = "__global Big *" if cl else "Big *"
        if cl:
            self.line(0, "/* generated by benchmarks/tool/gen_kernel.py (OpenCL C) */")
            self.line(0, "#pragma OPENCL EXTENSION cl_khr_fp64 : enable")
            self.line(0, "typedef struct Big {")
        else:
            self.line(0, "/* generated by benchmarks/tool/gen_kernel.py (CUDA) */")
            self.line(0, "#include <cuda_runtime.h>")
            if host:
                self.line(0, "#include <stdlib.h>")
            self.line(0, "struct Big {")
        for f, t in enumerate(self.types):
            self.line(1, "%s f%d;" % (t, f))
        self.line(0, "} Big;" if cl else "};")
        self.line(0, "")

        # budget: two helpers ~5 % each, the rest over the kernels
        helper = [accesses * 5 // 100, accesses * 5 // 100]
        rest = accesses - sum(helper)
        per = [rest // nkernels] * nkernels
        per[0] += rest - sum(per)

        dev = "" if cl else "__device__ "
        # helper 0: reads, returns a value
        self.line(0, "%sfloat helper_read(%sp, int i, int n)" % (dev, gp))
        self.line(0, "{")
        self.line(1, "float acc = 0.0f;")
        self.block(1, [], helper[0], 1)
        self.line(1, "return acc;")
        self.line(0, "}")
        self.line(0, "")
        # helper 1: updates
        self.line(0, "%svoid helper_update(%sp, int i, int n, float acc)" % (dev, gp))
        self.line(0, "{")
        self.block(1, [], helper[1], 1)
        self.line(0, "}")
        self.line(0, "")

        for k in range(nkernels):
            if cl:
                self.line(0, "__kernel void kernel%d(%sp, int n)" % (k, gp))
                self.line(0, "{")
                self.line(1, "for (int i = get_global_id(0); i < n; i += get_global_size(0)) {")
            else:
                self.line(0, "__global__ void kernel%d(%sp, int n)" % (k, gp))
                self.line(0, "{")
                self.line(1, "for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;")
                self.line(1, "     i += blockDim.x * gridDim.x) {")
            self.line(2, "float acc = 0.5f;")
            if k == 0:
                self.line(2, "acc += helper_read(p, i, n);")
            if k == 1:
                self.line(2, "helper_update(p, i, n, acc);")
            self.block(2, [], per[k], 1)
            self.line(1, "}")
            self.line(0, "}")
            self.line(0, "")
        if host and not cl:
            # a host program that launches every kernel on a cudaMalloc'd
            # array, so that kdlg-opt rewrites the kernels (a kernel that is
            # not launched in the file keeps its struct AoS)
            self.line(0, "int main(void)")
            self.line(0, "{")
            self.line(1, "int n = 1 << 16;")
            self.line(1, "Big *h = (Big *)calloc(n, sizeof(Big));")
            self.line(1, "Big *d;")
            self.line(1, "cudaMalloc((void **)&d, n * sizeof(Big));")
            self.line(1, "cudaMemcpy(d, h, n * sizeof(Big), cudaMemcpyHostToDevice);")
            for k in range(nkernels):
                self.line(1, "kernel%d<<<64, 256>>>(d, n);" % k)
            self.line(1, "cudaMemcpy(h, d, n * sizeof(Big), cudaMemcpyDeviceToHost);")
            self.line(1, "cudaFree(d);")
            self.line(1, "free(h);")
            self.line(1, "return 0;")
            self.line(0, "}")
        self.count = accesses
        assert self.loads + self.stores == accesses
        return "\n".join(self.out) + "\n"


def count_in_source(text):
    """Independent recount from the source text (each Big access is one `p[..].fN`,
    a compound assignment or copy adds its store)."""
    n = 0
    for ln in text.splitlines():
        refs = len(re.findall(r"p\[[^\]]*\]\.f\d+", ln))
        n += refs
        if re.search(r"\]\.f\d+(\.[xyzw])? [-+*]= ", ln):
            n += 1  # compound: load + store of the same reference
    return n


def model_counts(binary, path):
    """(accesses, loads, stores) of Big in `binary path --dump-access-model`
    (accesses = lines matching 'Big.', as `grep -c 'Big\.'`), or None."""
    r = subprocess.run([binary, path, "--dump-access-model"], capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr
    lines = [ln.strip() for ln in r.stdout.splitlines() if "Big." in ln]
    loads = sum(1 for ln in lines if ln.startswith("load "))
    stores = sum(1 for ln in lines if ln.startswith("store "))
    return (len(lines), loads, stores), r.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-o", "--output", help="output file (default: stdout)")
    ap.add_argument("--cl", action="store_true", help="generate OpenCL C instead of CUDA")
    ap.add_argument("--accesses", type=int, default=20000, help="field accesses (default 20000)")
    ap.add_argument("--fields", type=int, default=256, help="fields of struct Big (default 256)")
    ap.add_argument("--kernels", type=int, default=4, help="kernels (default 4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--host", action="store_true",
                    help="CUDA: add a host main() that allocates, copies and launches every kernel, "
                         "so that kdlg-opt -o rewrites the kernels")
    ap.add_argument("--check", metavar="KDLG_OPT",
                    help="verify the count with KDLG_OPT FILE --dump-access-model (needs -o)")
    a = ap.parse_args()
    if a.fields < 1 or a.accesses < 20 or a.kernels < 2:
        ap.error("need --fields >= 1, --accesses >= 20, --kernels >= 2")
    g = Gen(a.fields, a.seed, a.cl)
    text = g.program(a.accesses, a.kernels, a.host)
    recount = count_in_source(text)
    if recount != g.count:
        print("gen_kernel.py: internal error: source holds %d accesses, intended %d" % (recount, g.count),
              file=sys.stderr)
        return 1
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    nlines = text.count("\n")
    # the count goes to stdout unless stdout carries the generated file
    print("%s: %d fields, %d accesses of Big (%d loads + %d stores), %d lines"
          % (a.output or "<stdout>", a.fields, g.count, g.loads, g.stores, nlines),
          file=sys.stdout if a.output else sys.stderr)
    if a.check:
        if not a.output:
            ap.error("--check needs -o FILE")
        got, err = model_counts(a.check, a.output)
        if got is None:
            print("check: %s failed:\n%s" % (a.check, err), file=sys.stderr)
            return 1
        ok = got == (g.count, g.loads, g.stores)
        print("check: kdlg-opt's access model holds %d accesses of Big (%d loads + %d stores), "
              "intended %d (%d + %d): %s" % (got + (g.count, g.loads, g.stores) + ("OK" if ok else "MISMATCH",)))
        return 0 if ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
