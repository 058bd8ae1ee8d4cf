#!/usr/bin/env python3
"""gen.py: random CUDA and OpenCL programs over arrays of structs, for
differential testing of kdlg-opt (run.py runs them; README.md says how).

  gen.py --lang cuda|cl --seed N [-o FILE] [--enable F,..] [--disable F,..]
         [--features] [--list-features]

Deterministic: the same seed, language, feature switches and version of this
file give the same bytes.  What one program holds:

- 1 to 3 structs of 1 to 16 fields: char ... double, vector types, small
  arrays (1-D and 2-D), nested structs, typedefs of arrays, packed and
  aligned attributes; the struct spelled `struct S`, `typedef struct {} S`
  or `typedef struct S {} S`;
- helper functions (by pointer, by value, returning an element, a helper
  calling a helper, a helper moving its own pointer) and several kernels
  using the access forms of docs/rewriter.md: p[i].f, (p + i)->f, p->f,
  (*q).f, i[p].f, q[0].f, derived pointers (p + i, &p[i], q += k, ++q, q--),
  whole-element loads and stores, compound assignments, ++/--, atomics on
  4-byte integer fields, loops of every trip-count rule (docs/design.md:
  constant, work-group size, NDRange size, other), branches, switch, early
  returns, neighbour and data-dependent reads; element counts that are not
  multiples of the tiles.
- CUDA: a host main() that fills host arrays from a fixed-seed LCG,
  cudaMalloc's, copies (H2D, D2D, D2H, whole and first half), memsets,
  launches every kernel and writes every byte of every field of every
  element (never padding) and of every plain buffer to argv[1].
- OpenCL: the kernels plus `// CLDIFF:` lines (testsuite/opencl/README.md)
  that make cldiff run them on PoCL: buffers, fills, kernel sequence.

Race-free by construction: a kernel writes only its own element of its
writable struct array (and of its plain output), reads other elements only
from arrays no thread of the kernel writes, and updates shared elements only
with integer atomics whose result does not depend on the order (add, or,
xor, and, min, max; the old value is never used).  No undefined behaviour:
integer arithmetic is done in `unsigned`, shifts only on unsigned values,
divisions by non-zero constants, no float -> int conversion.  Floats are
combined by + - * with constants, in a fixed order in one thread: CUDA
programs are meant to be compiled with -fmad=false.

Features (--list-features) are drawn per seed (each on with its own
probability); --enable / --disable force them, so a failure can be
minimised by switching features off (run.py --minimize).  Features marked
"known" belong to open kdlg-opt bug classes (issue 21) and are off by
default in the CI range (known.txt)."""
import argparse
import random
import sys

# name: (probability of being on, description)
FEATURES = {
    "multi_struct": (0.6, "2 or 3 structs"),
    "chars": (0.8, "char / uchar / short / ushort fields"),
    "longs": (0.5, "long long / unsigned long long fields"),
    "doubles": (0.5, "double fields (OpenCL: cl_khr_fp64)"),
    "vectors": (0.7, "vector fields (float2, float4, int2, int4, uchar4, short2, double2)"),
    "arrays": (0.7, "array fields, 1-D and 2-D, constant / loop / data-dependent index"),
    "nested": (0.5, "nested struct fields"),
    "array_typedef": (0.3, "a field whose type is a typedef of an array (known: issue 21 class 3)"),
    "ptr_typedef": (0.3, "a struct pointer parameter spelled through a typedef (known: issue 21 class 1)"),
    "packed": (0.3, "__attribute__((packed)) structs"),
    "aligned": (0.3, "__attribute__((aligned(N))) on structs and fields"),
    "typedef_struct": (0.5, "typedef struct {...} S spellings"),
    "helpers": (0.8, "helper functions taking element pointers"),
    "byvalue": (0.6, "helpers taking or returning an element by value"),
    "copies": (0.7, "whole-element loads and stores"),
    "derived": (0.8, "derived pointers: p + i, &p[i], q += k, ++q, q--"),
    "arrow": (0.8, "(p + i)->f, p->f, (*q).f, i[p].f, q[0].f"),
    "compound": (0.9, "compound assignments"),
    "incdec": (0.7, "++ / --, value used"),
    "atomics": (0.6, "integer atomics on 4-byte fields of shared elements"),
    "loops": (0.8, "loops of the trip-count rules c, g, n, u"),
    "branches": (0.8, "if / else, switch with fall-through"),
    "early_return": (0.6, "early returns"),
    "neighbours": (0.8, "neighbour and data-dependent reads of read-only arrays"),
    "restrict": (0.4, "restrict-qualified pointer parameters"),
    "gridstride": (0.4, "grid-stride loops over the elements"),
    "plain_bufs": (0.7, "plain float / int buffers beside the structs"),
    "memset": (0.6, "CUDA: cudaMemset of struct arrays"),
    "copies_host": (0.7, "CUDA: D2D copies, copies of the first half"),
    "ldg": (0.4, "CUDA: __ldg(&r[j].f) reads of read-only arrays"),
    "multidecl": (0.5, "declarations of several pointers (S *a = p + i, *b = a;)"),
    "async": (0.4, "CUDA: cudaMemcpyAsync, cudaMemsetAsync, cudaMallocManaged, cudaMemcpyDefault"),
    "launch_kernel": (0.3, "CUDA: cudaLaunchKernel with an argument array"),
    "host_fn": (0.4, "CUDA: launches through host functions, device pointers copied to host locals"),
    "shared_copy": (0.3, "whole elements copied into __shared__ / __local arrays of the struct"),
    "evil_names": (0.3, "fields named like kdlg-opt's generated names (kd_n, kd_o, f_x, t_x, load, offset, ...)"),
    "refs": (0.15, "CUDA: references to elements, S &e = p[i] (views of one element: docs/rewriter.md)"),
    "odd_forms": (0.4, "(&p[i])->f, ((p))[i].f, &*(p + i), a helper taking two element pointers"),
    "ptr_compare": (0.3, "a read-only walk bounded by pointers (q < end, q != end), q - p, == and != with null"),
    "ternary_ptr": (0.1, "a pointer chosen by ?: (c ? p + i : &p[i], c ? r + i : w + i, c ? w + i : null, as an argument)"),
    "shared_helper": (0.3, "CUDA: a helper given both a kernel's data and a __shared__ copy (clones)"),
    "host_helper": (0.3, "CUDA: a __host__ __device__ helper also called on a host array (clones)"),
    "cl_optimize": (0.35, "OpenCL: PoCL optimises the kernels (off: -cl-opt-disable, faster to build)"),
    "swizzle": (0.5, "OpenCL: swizzles and whole-vector operations"),
    "constant_param": (0.2, "OpenCL: a kernel reading the struct through __constant (known: issue 21 class 2)"),
    "ptr_value_base": (0.2, "(q++)->f and (++q)->f as access bases (known: issue 21 class 3)"),
    "templates": (0.3, "CUDA: kernels templated on an int (a loop bound) or a type, launched with template arguments"),
    "globals": (0.3, "CUDA: main's device arrays kept in pointer variables of file scope (static or not, = nullptr, NULL)"),
    "returns": (0.3, "CUDA: functions returning an element by reference or a pointer (device), and a device array (host)"),
    "field_addr": (0.3, "CUDA: a field's address (&p[i].f, &p[j].f.x's vector, &p[i].a[k]) given to helpers that use it within the field"),
    "ref_params": (0.3, "CUDA: elements given to helpers' S & / const S & parameters (read, written, passed on; also a local copy: clones)"),
}

# scalar types: key -> (CUDA spelling, OpenCL spelling, bytes, kind, cldiff fill)
SCALARS = {
    "i8": ("char", "char", 1, "i", "i8:1:100"),
    "u8": ("unsigned char", "uchar", 1, "u", "u8:1:100"),
    "i16": ("short", "short", 2, "i", "i16:1:1000"),
    "u16": ("unsigned short", "ushort", 2, "u", "u16:1:1000"),
    "i32": ("int", "int", 4, "i", "i32:1:1000"),
    "u32": ("unsigned int", "uint", 4, "u", "u32:1:1000"),
    "i64": ("long long", "long", 8, "i", "i64:1:1000"),
    "u64": ("unsigned long long", "ulong", 8, "u", "u64:1:1000"),
    "f32": ("float", "float", 4, "f", "f32:0.5:2"),
    "f64": ("double", "double", 8, "f", "f64:0.5:2"),
}
# vector types: name -> (component key, components)
VECTORS = {
    "float2": ("f32", 2), "float4": ("f32", 4), "int2": ("i32", 2), "int4": ("i32", 4),
    "uchar4": ("u8", 4), "short2": ("i16", 2), "uint2": ("u32", 2), "double2": ("f64", 2),
}
COMP = "xyzw"
# element counts: none a multiple of 2 (so of no tile); a few tiny ones
COUNTS = [1, 3, 5, 7, 17, 31, 33, 63, 65, 97, 127, 129, 255, 257, 383, 513, 1003, 1025, 2047]
SMALL_COUNTS = [1, 2, 3, 5]


class Leaf:
    """one scalar inside an element: path parts and scalar key.  parts:
    ('f', name) field, ('i', dim, k) array index k of dim, ('v', comp)
    vector component."""

    def __init__(self, parts, key, field):
        self.parts, self.key, self.field = parts, key, field

    @property
    def kind(self):
        return SCALARS[self.key][3]


class Field:
    def __init__(self, name, ty, leaves, decl, fill, is_int32_top):
        self.name, self.ty, self.leaves, self.decl, self.fill = name, ty, leaves, decl, fill
        self.int32_top = is_int32_top  # a 4-byte integer (or array of them): atomics allowed
        self.is_array = False


class Struct:
    def __init__(self, name):
        self.name = name
        self.fields = []
        self.packed = False
        self.spell = name  # how code names the type
        self.text = ""
        self.n = 1

    def leaves(self):
        return [l for f in self.fields for l in f.leaves]


class Gen:
    def __init__(self, lang, seed, enable=(), disable=()):
        self.lang, self.seed = lang, seed
        # one draw per feature from its own stream: adding a feature changes
        # no other feature of any seed
        self.feat = {}
        for name, (p, _) in sorted(FEATURES.items()):
            self.feat[name] = random.Random(f"{seed}:{name}").random() < p
        for f in enable:
            self.feat[f] = True
        for f in disable:
            self.feat[f] = False
        if lang == "cuda":
            for f in ("swizzle", "constant_param", "cl_optimize"):
                self.feat[f] = False
        else:
            for f in ("memset", "copies_host", "host_helper", "ldg", "async", "launch_kernel", "host_fn", "refs",
                      "shared_helper", "templates", "globals", "returns", "field_addr", "ref_params"):
                self.feat[f] = False
        self.r = random.Random(seed)
        self.cu = lang == "cuda"
        self.uniq = 0
        self.typedefs = []

    def on(self, f):
        return self.feat[f]

    def name(self, base):
        self.uniq += 1
        return f"{base}{self.uniq}"

    # ---- types -------------------------------------------------------
    def sname(self, key):
        return SCALARS[key][0 if self.cu else 1]

    def uns(self):
        return "unsigned" if self.cu else "uint"

    def scalar_keys(self):
        keys = ["i32", "u32", "f32", "f32"]
        if self.on("chars"):
            keys += ["i8", "u8", "i16", "u16"]
        if self.on("longs"):
            keys += ["i64", "u64"]
        if self.on("doubles"):
            keys += ["f64"]
        return keys

    def make_inner(self):
        """a nested struct type (uniform component kind, so one cldiff fill fits)"""
        r = self.r
        key = r.choice(["f32", "i32", "u32", "i16", "u8"] + (["f64"] if self.on("doubles") else []))
        nm = self.name("In")
        nf = r.randint(1, 3)
        fields = [(f"m{k}", key) for k in range(nf)]
        body = " ".join(f"{self.sname(k)} {n};" for n, k in fields)
        if self.cu or r.random() < 0.5:
            text = f"struct {nm} {{ {body} }};"
            spell = nm if self.cu else f"struct {nm}"
        else:
            text = f"typedef struct {{ {body} }} {nm};"
            spell = nm
        self.typedefs.append(text)
        return spell, fields, key

    def make_field(self, fname, packed):
        r = self.r
        choices = ["scalar"] * 6
        if self.on("vectors"):
            choices += ["vector"] * 2
        if self.on("arrays"):
            choices += ["array"] * 2
        if self.on("nested"):
            choices += ["nested"]
        what = r.choice(choices)
        if packed and self.cu and what in ("vector", "array"):
            # a packed CUDA struct holds neither: CUDA's vector types keep their alignment there (nvcc
            # loads a float4 member at an odd offset with one 16-byte load), and an array member
            # indexed at run time is read through a pointer that assumes its element's alignment
            # ("misaligned address": the originals of campaign seeds 1234 and 1450 failed)
            what = "scalar"
        attr = ""
        if self.on("aligned") and not packed and r.random() < 0.15:
            attr = f" __attribute__((aligned({r.choice([8, 16])})))"
        if what == "scalar":
            key = r.choice(self.scalar_keys())
            leaves = [Leaf([("f", fname)], key, fname)]
            return Field(fname, key, leaves, f"{self.sname(key)} {fname}{attr};", SCALARS[key][4],
                         SCALARS[key][2] == 4 and SCALARS[key][3] != "f")
        if what == "vector":
            vs = [v for v, (k, _) in VECTORS.items() if k in self.scalar_keys()]
            v = r.choice(vs)
            key, nc = VECTORS[v]
            leaves = [Leaf([("f", fname), ("v", COMP[c])], key, fname) for c in range(nc)]
            return Field(fname, v, leaves, f"{v} {fname}{attr};", SCALARS[key][4], False)
        if what == "array":
            if self.on("vectors") and r.random() < 0.2:
                v = r.choice([v for v, (k, _) in VECTORS.items() if k in self.scalar_keys()])
                key, nc = VECTORS[v]
                elem, comps = v, [COMP[c] for c in range(nc)]
            else:
                key = r.choice(self.scalar_keys())
                elem, comps = self.sname(key), [None]
            dims = [r.randint(1, 5)] if r.random() < 0.8 else [r.randint(2, 3), r.randint(2, 3)]
            leaves = []

            def walk(pre, ds):
                if not ds:
                    for c in comps:
                        leaves.append(Leaf([("f", fname)] + pre + ([("v", c)] if c else []), key, fname))
                    return
                for k in range(ds[0]):
                    walk(pre + [("i", ds[0], k)], ds[1:])
            walk([], dims)
            dimtxt = "".join(f"[{d}]" for d in dims)
            if self.on("array_typedef") and r.random() < 0.5:
                td = self.name("Arr")
                self.typedefs.append(f"typedef {elem} {td}{dimtxt};")
                decl = f"{td} {fname}{attr};"
            else:
                decl = f"{elem} {fname}{dimtxt}{attr};"
            f = Field(fname, elem, leaves, decl, SCALARS[key][4],
                      SCALARS[key][2] == 4 and SCALARS[key][3] != "f" and comps == [None])
            f.is_array = True
            return f
        spell, members, key = self.make_inner()
        leaves = [Leaf([("f", fname), ("f", m)], k, fname) for m, k in members]
        return Field(fname, spell, leaves, f"{spell} {fname}{attr};", SCALARS[key][4], False)

    def make_struct(self, idx):
        r = self.r
        s = Struct(f"S{idx}")
        s.packed = self.on("packed") and r.random() < 0.4
        nf = r.choice([1, 2, 3, 4, 5, 6, 8, 10, 12, 16]) if r.random() < 0.5 else r.randint(1, 8)
        names = ["pos", "vel", "mass", "id", "cnt", "tag", "w", "acc", "flag", "key", "val", "hist", "a", "b",
                 "c", "d", "e", "g", "h", "lo", "hi", "sum", "t", "u"]
        if self.on("evil_names"):
            names += ["kd_n", "kd_o", "kd_c0", "kd_r0", "f_x", "t_pos", "k_a", "load", "store", "offset", "pre",
                      "post", "view", "layout", "n", "i"]
        r.shuffle(names)
        for k in range(nf):
            s.fields.append(self.make_field(names[k], s.packed))
        body = "\n".join("  " + f.decl for f in s.fields)
        attr = ""
        if s.packed:
            attr = " __attribute__((packed))"
        elif self.on("aligned") and r.random() < 0.4:
            attr = f" __attribute__((aligned({r.choice([8, 16, 32])})))"
        style = r.choice(["tag", "typedef", "both"]) if self.on("typedef_struct") else "tag"
        if style == "tag":
            s.text = f"struct{attr} {s.name} {{\n{body}\n}};"
            s.spell = s.name if self.cu and r.random() < 0.7 else f"struct {s.name}"
        elif style == "typedef":
            s.text = f"typedef struct{attr} {{\n{body}\n}} {s.name};"
            s.spell = s.name
        else:
            s.text = f"typedef struct{attr} {s.name} {{\n{body}\n}} {s.name};"
            s.spell = s.name
        s.n = r.choice(COUNTS)
        return s

    # ---- spellings ---------------------------------------------------
    def gp(self):
        return "" if self.cu else "__global "

    def ptype(self, s, const=False):
        return f"{self.gp()}{'const ' if const else ''}{s.spell} *"

    def leaf_path(self, leaf):
        """.f.x[k]... of a leaf; an array index sometimes spelled as an expression"""
        out = ""
        for p in leaf.parts:
            if p[0] in ("f", "v"):
                out += "." + p[1]
            elif p[1] > 1 and self.r.random() < 0.2:
                out += f"[({p[2]} + {p[1]}) % {p[1]}]"
            else:
                out += f"[{p[2]}]"
        return out

    def access(self, ptr, idx, leaf, ok_forms=True):
        """an lvalue of `leaf` of element `idx` of `ptr`"""
        r = self.r
        path = self.leaf_path(leaf)
        tail = path[1:]  # without the leading '.'
        if not ok_forms or not self.on("arrow"):
            return f"{ptr}[{idx}]{path}"
        form = r.randrange(5)
        if form == 0:
            return f"{ptr}[{idx}]{path}"
        if form == 1:
            return f"({ptr} + {idx})->{tail}"
        if form == 2:
            return f"(*({ptr} + {idx})){path}"
        if form == 3 and idx.isidentifier():
            return f"{idx}[{ptr}]{path}"
        if self.on("odd_forms") and r.random() < 0.5:
            return r.choice([f"(&{ptr}[{idx}])->{tail}", f"(({ptr}))[{idx}]{path}", f"(&*({ptr} + {idx}))->{tail}"])
        return f"({ptr} + {idx})[0]{path}"

    def cst(self, key):
        k = SCALARS[key][3]
        if k == "f":
            return self.r.choice(["0.5f", "1.25f", "2.0f", "0.75f", "1.5f"]) if key == "f32" else \
                self.r.choice(["0.5", "1.25", "2.0"])
        return f"{self.r.randint(1, 9)}"

    # ---- kernel bodies -----------------------------------------------
    def conv(self, expr, kind_from, key_to):
        t = self.sname(key_to)
        return f"({t})({expr})"

    def read_leaf(self, K, kind):
        """(expr, kind) reading some leaf through the kernel's sources, or None"""
        r = self.r
        srcs = []
        for src in K.sources:
            leaves = [l for l in src["s"].leaves() if (l.kind == "f") == (kind == "f") or kind == "f"]
            leaves = [l for l in leaves if (src["p"], l.field) not in K.reserved]
            if leaves:
                srcs.append((src, leaves))
        if not srcs:
            return None
        src, leaves = r.choice(srcs)
        leaf = r.choice(leaves)
        idx = self.index_for(K, src)
        e = self.access(src["p"], idx, leaf)
        if self.on("ldg") and src["role"] == "r" and not src["s"].packed and r.random() < 0.3:
            e = f"__ldg(&{e})"
        if kind == "f":
            if leaf.kind == "f":
                return f"(float)({e})"
            return f"(float)({e})"
        return f"({self.uns()})({e})"

    def index_for(self, K, src):
        """an index into src: own element for a written array, else a neighbour"""
        r = self.r
        if src["role"] == "w" or not self.on("neighbours"):
            return K.i if src["n"] == "n" else f"({K.i} % {src['n']})"
        n = src["n"]
        choice = r.randrange(6)
        if choice == 0:
            return f"({K.i} + 1 < {n} ? {K.i} + 1 : {K.i} % {n})"
        if choice == 1:
            return f"({K.i} > 0 ? ({K.i} - 1) % {n} : 0)"
        if choice == 2:
            return f"(({K.i} + 3) % {n})"
        if choice == 3 and src["s"].leaves() and K.int_leaf(src):
            l = K.int_leaf(src)
            return f"(int)(({self.uns()})({src['p']}[{K.i} % {n}]{self.leaf_path(l)}) % ({self.uns()}){n})"
        if choice == 4 and K.loopvar:
            return f"(({K.i} + {K.loopvar}) % {n})"
        return f"({K.i} % {n})"

    def expr(self, K, kind, depth=0):
        r = self.r
        if depth > 1 or r.random() < 0.35:
            c = r.random()
            if c < 0.6:
                e = self.read_leaf(K, kind)
                if e:
                    return e
            if c < 0.8 and K.locals_of(kind):
                return r.choice(K.locals_of(kind))
            return self.cst("f32") if kind == "f" else f"{r.randint(1, 9)}u"
        a = self.expr(K, kind, depth + 1)
        if kind == "f":
            op = r.choice(["+", "-", "*c", "+", "*"] if depth == 0 else ["+", "-", "*c"])
            if op == "*c":
                return f"({a} * {self.cst('f32')})"
            return f"({a} {op} {self.expr(K, kind, depth + 1)})"
        op = r.choice(["+", "-", "^", "|", "&", "*", "%", ">>"])
        if op == "%":
            return f"({a} % {r.randint(2, 13)}u)"
        if op == ">>":
            return f"({a} >> {r.randint(1, 5)}u)"
        return f"({a} {op} {self.expr(K, kind, depth + 1)})"

    def cond(self, K):
        r = self.r
        if r.random() < 0.5:
            e = self.read_leaf(K, "f")
            if e:
                return f"{e} > {r.choice(['1.0f', '0.9f', '1.5f'])}"
        e = self.read_leaf(K, "u")
        if e:
            return f"({e} & {r.choice([1, 2, 3])}u) {r.choice(['==', '!='])} 0u"
        return f"({K.i} & 1) == 0"

    def wleaf(self, K):
        """a writable leaf of the kernel's written array (not reserved for atomics)"""
        leaves = [l for l in K.W["s"].leaves() if (K.W["p"], l.field) not in K.reserved]
        return self.r.choice(leaves) if leaves else None

    def lvalue(self, K, leaf):
        """an lvalue of the own element's leaf, through the kernel's spellings"""
        r = self.r
        if K.q and r.random() < 0.4:
            path = self.leaf_path(leaf)
            f = r.randrange(3)
            if f == 0:
                return f"{K.q}->{path[1:]}"
            if f == 1:
                return f"(*{K.q}){path}"
            return f"{K.q}[0]{path}"
        return self.access(K.W["p"], K.i, leaf)

    def stmt_assign(self, K, ind):
        leaf = self.wleaf(K)
        if not leaf:
            return []
        kind = "f" if leaf.kind == "f" else "u"
        return [f"{ind}{self.lvalue(K, leaf)} = {self.conv(self.expr(K, kind), kind, leaf.key)};"]

    def stmt_compound(self, K, ind):
        r = self.r
        leaf = self.wleaf(K)
        if not leaf:
            return []
        lv = self.lvalue(K, leaf)
        if leaf.kind == "f":
            op = r.choice(["+=", "-=", "*=", "/=", "+="])
            c = self.cst(leaf.key) if op != "/=" else ("2.0f" if leaf.key == "f32" else "2.0")
            if op in ("+=", "-=") and r.random() < 0.5:
                e = self.read_leaf(K, "f")
                if e:
                    c = e if leaf.key == "f32" else f"(double){e}"
            return [f"{ind}{lv} {op} {c};"]
        ops = ["+=", "-=", "^=", "|=", "&=", "%=", "/="]
        small = SCALARS[leaf.key][2] <= 2
        if leaf.kind == "u" or small:
            ops += ["*="]
        if leaf.kind == "u":
            ops += ["<<=", ">>="]
        op = r.choice(ops)
        if op in ("<<=", ">>="):
            c = str(r.randint(1, 3))
        elif op in ("%=", "/="):
            c = str(r.randint(2, 7))
        else:
            c = str(r.randint(1, 9))
        return [f"{ind}{lv} {op} {c};"]

    def stmt_incdec(self, K, ind):
        r = self.r
        leaf = self.wleaf(K)
        if not leaf:
            return []
        lv = self.lvalue(K, leaf)
        form = r.choice([f"{lv}++", f"++{lv}", f"{lv}--", f"--{lv}"])
        if r.random() < 0.5:
            if leaf.kind == "f":
                return [f"{ind}{K.acc} += (float)({form});"]
            return [f"{ind}{K.accu} += ({self.uns()})({form});"]
        return [f"{ind}{form};"]

    def stmt_copy(self, K, ind):
        """whole-element copies into the own element"""
        r = self.r
        if not K.whole_ok:
            return []
        s = K.W["s"]
        same = [src for src in K.sources if src["s"] is s and src["role"] == "r"]
        t = self.name("e")
        out = []
        if same and r.random() < 0.7:
            src = r.choice(same)
            idx = self.index_for(K, src)
            if r.random() < 0.3:
                return [f"{ind}{K.W['p']}[{K.i}] = {src['p']}[{idx}];"]
            init = f"{src['p']}[{idx}]" if r.random() < 0.5 else f"*({src['p']} + {idx})"
            if self.on("byvalue") and K.helpers.get(("mk", s.name)) and not src.get("cas") and r.random() < 0.4:
                init = f"{K.helpers[('mk', s.name)]}({src['p']}, {idx})"
        else:
            init = f"{K.W['p']}[{K.i}]" if r.random() < 0.5 else (f"*{K.q}" if K.q else f"*({K.W['p']} + {K.i})")
        out.append(f"{ind}{s.spell} {t} = {init};")
        leaf = r.choice(s.leaves())
        path = self.leaf_path(leaf)
        if leaf.kind == "f":
            out.append(f"{ind}{t}{path} += {self.cst(leaf.key)};")
        else:
            out.append(f"{ind}{t}{path} ^= {r.randint(1, 9)};")
        if self.on("byvalue") and K.helpers.get(("bv", s.name)) and r.random() < 0.5:
            out.append(f"{ind}{K.acc} += {K.helpers[('bv', s.name)]}({t});")
        if r.random() < 0.5 or not K.q:
            out.append(f"{ind}{K.W['p']}[{K.i}] = {t};")
        else:
            out.append(f"{ind}*{K.q} = {t};")
        return out

    def stmt_ret(self, K, ind):
        """accesses through functions that return an element by reference or a
        pointer (feature returns): writes to the own element, reads of others
        from read-only arrays"""
        r = self.r
        s = K.W["s"]
        n = s.name
        reads = [src for src in K.sources if src["role"] == "r" and not src.get("cas") and ("ret", src["s"].name) in K.helpers]
        leaf = None if K.atomic else self.wleaf(K)
        opts = (["get", "ref", "at", "deref", "sub", "var"] if leaf and ("ret", n) in K.helpers else []) + (["cget", "cat", "load"] if reads else [])
        if not opts:
            return []
        c = r.choice(opts)
        W, i = K.W["p"], K.i
        if leaf:
            path = self.leaf_path(leaf)
            op = f"+= {self.cst(leaf.key)}" if leaf.kind == "f" else f"^= {r.randint(1, 9)}"
        if c == "get":
            return [f"{ind}get_{n}({W}, {i}){path} {op};"]
        if c == "ref":
            e = self.name("e")
            return [f"{ind}{s.spell} &{e} = get_{n}({W}, {i});", f"{ind}{e}{path} {op};"]
        if c == "at":
            return [f"{ind}at_{n}({W}, {i})->{path[1:]} {op};"]
        if c == "deref":
            return [f"{ind}(*at_{n}({W}, {i})){path} {op};"]
        if c == "sub":
            return [f"{ind}at_{n}({W}, 0)[{i}]{path} {op};"]
        if c == "var":
            q = self.name("q")
            return [f"{ind}{s.spell} *{q} = at_{n}({W}, 0) + {i};", f"{ind}{q}->{path[1:]} {op};"]
        src = r.choice(reads)
        sn, idx = src["s"].name, self.index_for(K, src)
        l = r.choice(src["s"].leaves())
        lp = self.leaf_path(l)
        if c == "cget":
            return [f"{ind}{K.acc} += (float)(cget_{sn}({src['p']}, {idx}){lp});"]
        if c == "cat":
            return [f"{ind}{K.acc} += (float)(cat_{sn}({src['p']}, {idx})->{lp[1:]});"]
        t = self.name("t")
        return [f"{ind}{src['s'].spell} {t} = cget_{sn}({src['p']}, {idx});", f"{ind}{K.acc} += (float)({t}{lp});"]

    def stmt_faddr(self, K, ind):
        """feature field_addr: a field's address given to a helper: the own element's (written, unless the
        field is updated atomically in this kernel), or a read-only array's element (read)"""
        r = self.r
        s = K.W["s"]
        own = [f for f in K.helpers.get(("fa", s.name), []) if (K.W["p"], f[0].field) not in K.reserved]
        reads = [src for src in K.sources if src["role"] == "r" and not src.get("cas") and ("fa", src["s"].name) in K.helpers]
        opts = (["wr"] if own and not K.atomic else []) + (["rd"] if reads else [])
        if not opts:
            return []
        if r.choice(opts) == "wr":
            l, path, rd, wr = r.choice(own)
            W, i = K.W["p"], K.i
            base = r.choice([f"{W}[{i}]", f"({W} + {i})->", f"(*({W} + {i}))"])
            arg = f"&{base}{path[1:]}" if base.endswith("->") else f"&{base}{path}"
            return [f"{ind}{wr}({arg});"]
        src = r.choice(reads)
        l, path, rd, wr = r.choice(K.helpers[("fa", src["s"].name)])
        return [f"{ind}{K.acc} += {rd}(&{src['p']}[{self.index_for(K, src)}]{path});"]

    def stmt_atomic(self, K, ind):
        r = self.r
        if not K.atomic:
            return []
        p, leaf = K.atomic
        key = leaf.key
        if r.random() < 0.5 and K.int_leaf_any():
            src, l = K.int_leaf_any()
            idx = f"(int)(({self.uns()})({src['p']}[{K.i} % {src['n']}]{self.leaf_path(l)}) % ({self.uns()})n)"
        else:
            idx = r.choice([K.i, f"(({K.i} * 7) % n)", f"({K.i} / 2)", "0"])
        lv = self.access(p, idx, leaf)
        v = f"{r.randint(1, 5)}" + ("u" if key == "u32" else "")
        fam = {"add": ["Add", "Sub"] + ([] if self.cu else ["inc", "dec"]), "or": ["Or"], "and": ["And"],
               "xor": ["Xor"], "min": ["Min"], "max": ["Max"]}[K.atomic_family]
        op = r.choice(fam)
        if self.cu:
            return [f"{ind}atomic{op}(&{lv}, {v});"]
        fn = "atomic_" + op.lower()
        if fn in ("atomic_inc", "atomic_dec"):
            return [f"{ind}{fn}(&{lv});"]
        return [f"{ind}{fn}(&{lv}, {v});"]

    def stmt_helper(self, K, ind):
        r = self.r
        s = K.W["s"]
        out = []
        opts = []
        # helpers take __global pointers (not __constant ones) and touch the
        # own element's fields freely (not while they are updated atomically)
        if ("up", s.name) in K.helpers and not K.atomic:
            opts.append("up")
        rds = [src for src in K.sources if ("rd", src["s"].name) in K.helpers and not src.get("cas")
               and not (src["role"] == "w" and K.atomic)]
        if rds:
            opts.append("rd")
        walkable = [src for src in K.sources if src["s"] is s and src["role"] == "r" and not src.get("cas")]
        if ("walk", s.name) in K.helpers and walkable:
            opts.append("walk")
        bvs = [src for src in K.sources if ("bv", src["s"].name) in K.helpers and src["role"] == "r"]
        if bvs:
            opts.append("bv")
        if ("cp", s.name) in K.helpers and K.whole_ok and walkable:
            opts.append("cp")
        if not opts:
            return []
        c = r.choice(opts)
        if c == "up":
            tern = [f"({K.i} & 1) ? {K.W['p']} + {K.i} : &{K.W['p']}[{K.i}]"] if self.on("ternary_ptr") else []
            arg = r.choice([f"{K.W['p']} + {K.i}", f"&{K.W['p']}[{K.i}]"] + ([K.q] if K.q else []) + tern)
            v = self.expr(K, "f")
            out.append(f"{ind}{K.helpers[('up', s.name)]}({arg}, {v});")
        elif c == "rd":
            src = r.choice(rds)
            idx = self.index_for(K, src)
            out.append(f"{ind}{K.acc} += {K.helpers[('rd', src['s'].name)]}({src['p']}, {idx});")
        elif c == "cp":
            src = r.choice(walkable)
            arg = r.choice([f"{K.W['p']} + {K.i}", f"&{K.W['p']}[{K.i}]"] + ([K.q] if K.q else []))
            out.append(f"{ind}{K.helpers[('cp', s.name)]}({arg}, {src['p']}, {self.index_for(K, src)});")
        elif c == "bv":
            src = r.choice(bvs)
            out.append(f"{ind}{K.acc} += {K.helpers[('bv', src['s'].name)]}({src['p']}[{self.index_for(K, src)}]);")
        else:
            src = r.choice(walkable)
            out.append(f"{ind}{K.acc} += {K.helpers[('walk', s.name)]}({src['p']}, {K.i} % {src['n']}, {src['n']});")
        return out

    def stmt_derived(self, K, ind):
        """a derived, updated pointer to the own element"""
        r = self.r
        s = K.W["s"]
        q = self.name("q")
        W, i = K.W["p"], K.i
        pt = self.ptype(s)
        form = r.randrange(6 if self.on("multidecl") else 5)
        out = []
        tern = self.on("ternary_ptr") and r.random() < 0.3
        if tern and r.random() < 0.5:
            null = "0" if self.lang == "cl" else r.choice(["nullptr", "0"])
            out.append(f"{ind}{pt}{q} = ({i} >= 0) ? {W} + {i} : {null};")
        elif tern:
            out.append(f"{ind}{pt}{q} = ({i} & 1) ? {W} + {i} : &{W}[{i}];")
        elif form == 5:
            q0 = self.name("q")
            out.append(f"{ind}{pt}{q0} = {W} + {i}, *{q} = {q0}, *{self.name('q')};")
        elif form == 0:
            out.append(f"{ind}{pt}{q} = {W} + {i};")
        elif form == 1:
            out.append(f"{ind}{pt}{q} = &{W}[{i}];")
        elif form == 2:
            out.append(f"{ind}{pt}{q} = {W};")
            out.append(f"{ind}{q} += {i};")
        elif form == 3:
            out.append(f"{ind}{pt}{q} = {W} + {i} + 1;")
            out.append(f"{ind}{r.choice(['--' + q, q + '--', q + ' -= 1'])};")
        else:
            out.append(f"{ind}{pt}{q} = {W} + {i};")
            out.append(f"{ind}{q}++;")
            out.append(f"{ind}{q} = {q} - 1;")
        leaf = self.wleaf(K)
        if leaf:
            path = self.leaf_path(leaf)
            kind = "f" if leaf.kind == "f" else "u"
            lv = r.choice([f"{q}->{path[1:]}", f"(*{q}){path}", f"{q}[0]{path}"])
            out.append(f"{ind}{lv} = {self.conv(self.expr(K, kind), kind, leaf.key)};")
        same = [src for src in K.sources if src["s"] is s and src["role"] == "r" and not src.get("cas")]
        rleaf = None
        if self.on("ternary_ptr") and same and r.random() < 0.5:
            src, q2 = r.choice(same), self.name("q")
            rleaves = [l for l in s.leaves() if (W, l.field) not in K.reserved]  # (not an atomic's)
            rleaf = r.choice(rleaves) if rleaves else None
        if self.on("ternary_ptr") and same and rleaf:
            out.append(f"{ind}{self.ptype(s, True)}{q2} = ({i} & 2) ? {src['p']} + ({i} % {src['n']}) : {W} + {i};")
            out.append(f"{ind}{K.acc} += (float)({q2}->{self.leaf_path(rleaf)[1:]});")
        if self.on("ptr_value_base") and leaf and r.random() < 0.5:
            path = self.leaf_path(leaf)
            out.append(f"{ind}{K.acc} += (float)(({q}++)->{path[1:]});")
            out.append(f"{ind}{K.acc} += (float)((--{q})->{path[1:]});")
        return out

    def stmt_walk_ro(self, K, ind):
        """a read-only pointer walking its array"""
        r = self.r
        ro = [src for src in K.sources if src["role"] == "r" and not src.get("cas")]
        if not ro:
            return []
        src = r.choice(ro)
        leaves = src["s"].leaves()
        leaf = r.choice(leaves)
        q, k = self.name("r"), self.name("k")
        path = self.leaf_path(leaf)
        out = [f"{ind}{self.ptype(src['s'], True)}{q} = {src['p']};"]
        step = r.choice([f"++{q}", f"{q}++", f"{q} += 1"])
        if self.on("ptr_compare") and r.random() < 0.5:
            e, steps = self.name("e"), r.randint(1, 4)
            null = "0" if self.lang == "cl" else r.choice(["nullptr", "0", "NULL"])
            out.append(f"{ind}{self.ptype(src['s'], True)}{e} = {src['p']} + ({src['n']} < {steps} ? {src['n']} : {steps});")
            out.append(f"{ind}for (; {q} {r.choice(['<', '!='])} {e}; {step}) {{")
            out.append(f"{ind}  {K.acc} += (float)({q}->{path[1:]});")
            out.append(f"{ind}}}")
            out.append(f"{ind}{K.acc} += (float)({e} - {q}) + (float)({q} - {src['p']}) + (float)({q} == {e});")
            out.append(f"{ind}{K.acc} += (float)(({q} {r.choice(['<=', '>=', '>'])} {src['p']}) + ({q} != {null}) + ({null} == {e}));")
            return out
        out.append(f"{ind}for (int {k} = 0; {k} < {r.randint(1, 4)} && {k} + 1 < {src['n']}; ++{k}) {{")
        out.append(f"{ind}  {K.acc} += (float)({q}->{path[1:]});")
        out.append(f"{ind}  {step};")
        out.append(f"{ind}}}")
        return out

    def stmt_swizzle(self, K, ind):
        r = self.r
        vecs = [f for f in K.W["s"].fields if f.ty in VECTORS and not f.is_array
                and (K.W["p"], f.name) not in K.reserved]
        if not vecs:
            return []
        f = r.choice(vecs)
        nc = VECTORS[f.ty][1]
        lv = f"{K.W['p']}[{K.i}].{f.name}"
        ops = [f"{lv}.{COMP[:nc][::-1]} = {lv}.{COMP[:nc]};", f"{lv}.{'xy'} = {lv}.{'yx'};"]
        if VECTORS[f.ty][0] == "f32":
            ops.append(f"{lv} *= {self.cst('f32')};")
            ops.append(f"{lv} += {lv};")
        if nc == 4:
            ops.append(f"{lv}.lo = {lv}.hi;")
            ops.append(f"{lv}.s3 = {lv}.s0;")
        return [ind + r.choice(ops)]

    def block(self, K, ind, n, depth):
        r = self.r
        out = []
        mark = len(K.locals)  # locals declared in this block die with it
        for _ in range(n):
            kinds = ["assign", "assign", "local"]
            if self.on("compound"):
                kinds += ["compound"] * 2
            if self.on("incdec"):
                kinds += ["incdec"]
            if self.on("copies"):
                kinds += ["copy"]
            if self.on("atomics") and K.atomic:
                kinds += ["atomic"] * 2
            if self.on("helpers"):
                kinds += ["helper"] * 2
            if self.on("derived"):
                kinds += ["derived", "walk"]
            if self.on("swizzle"):
                kinds += ["swizzle"]
            if K.tile:
                kinds += ["shared"]
            if self.on("refs") and not K.atomic:
                kinds += ["ref"]
            if self.on("returns"):
                kinds += ["ret"] * 2
            if self.on("field_addr"):
                kinds += ["faddr"] * 2
            if self.on("ref_params"):
                kinds += ["rparam"] * 2
            if depth < 2:
                if self.on("branches"):
                    kinds += ["if", "switch"]
                if self.on("loops"):
                    kinds += ["loop", "loop"]
                if self.on("early_return") and depth == 0:
                    kinds += ["return"]
            k = r.choice(kinds)
            out += self.stmt(K, k, ind, depth)
        if depth:
            del K.locals[mark:]
        return out

    def stmt(self, K, k, ind, depth):
        r = self.r
        if k == "assign":
            return self.stmt_assign(K, ind)
        if k == "compound":
            return self.stmt_compound(K, ind)
        if k == "incdec":
            return self.stmt_incdec(K, ind)
        if k == "copy":
            return self.stmt_copy(K, ind)
        if k == "atomic":
            return self.stmt_atomic(K, ind)
        if k == "helper":
            return self.stmt_helper(K, ind)
        if k == "derived":
            return self.stmt_derived(K, ind)
        if k == "walk":
            return self.stmt_walk_ro(K, ind)
        if k == "swizzle":
            return self.stmt_swizzle(K, ind)
        if k == "ref":
            leaf = self.wleaf(K)
            e = self.name("e")
            if not leaf:
                return []
            op = "+= 1.0f" if leaf.kind == "f" else "^= 5"
            return [f"{ind}{K.W['s'].spell} &{e} = {K.W['p']}[{K.i}];", f"{ind}{e}{self.leaf_path(leaf)} {op};"]
        if k == "ret":
            return self.stmt_ret(K, ind)
        if k == "faddr":
            return self.stmt_faddr(K, ind)
        if k == "rparam":
            return self.stmt_rparam(K, ind)
        if k == "shared":
            src = K.tile
            leaf = r.choice(src["s"].leaves())
            out = [f"{ind}tile[{K.lid}] = {src['p']}[{self.index_for(K, src)}];",
                   f"{ind}{K.acc} += (float)(tile[{K.lid}]{self.leaf_path(leaf)});"]
            rd = K.helpers.get(("rd", src["s"].name))
            if self.cu and self.on("shared_helper") and rd:
                # the same helper on device data and on a __shared__ copy: a clone
                out.append(f"{ind}{K.acc} += {rd}(tile, {K.lid}) + {rd}({src['p']}, {self.index_for(K, src)});")
            return out
        if k == "local":
            kind = r.choice(["f", "u"])
            v = self.name("v")
            t = "float" if kind == "f" else self.uns()
            line = f"{ind}{t} {v} = {self.expr(K, kind)};"
            K.locals.append((v, kind))
            return [line]
        if k == "return":
            word = "continue" if K.gridstride else "return"
            return [f"{ind}if ({self.cond(K)}) {word};"]
        if k == "if":
            out = [f"{ind}if ({self.cond(K)}) {{"]
            out += self.block(K, ind + "  ", r.randint(1, 3), depth + 1)
            if r.random() < 0.5:
                out.append(f"{ind}}} else {{")
                out += self.block(K, ind + "  ", r.randint(1, 2), depth + 1)
            out.append(f"{ind}}}")
            return out
        if k == "switch":
            out = [f"{ind}switch (({self.uns()}){K.i} % 3u) {{"]
            for label, brk in (("case 0:", r.random() < 0.5), ("case 1:", True), ("default:", True)):
                out.append(f"{ind}{label} {{")
                out += self.block(K, ind + "  ", 1, depth + 1)
                out.append(f"{ind}  {'break;' if brk else '/* fall through */'}")
                out.append(f"{ind}}}")
            out.append(f"{ind}}}")
            return out
        if k == "loop":
            lv = self.name("k")
            rule = r.choice(["c", "c", "g", "n", "u_while", "u_do", "u_field"])
            out = []
            if rule == "c":
                out.append(f"{ind}for (int {lv} = 0; {lv} < {r.randint(1, 6)}; ++{lv}) {{")
            elif rule == "g":
                ls = "(int)blockDim.x" if self.cu else "(int)get_local_size(0)"
                out.append(f"{ind}for (int {lv} = 0; {lv} < {ls}; {lv} += 64) {{")
            elif rule == "n":
                gs = "(int)(gridDim.x * blockDim.x)" if self.cu else "(int)get_global_size(0)"
                out.append(f"{ind}for (int {lv} = 0; {lv} < {gs}; {lv} += 512) {{")
            elif rule == "u_while":
                out.append(f"{ind}int {lv} = 0;")
                out.append(f"{ind}while ({lv} < 5) {{")
                out.append(f"{ind}  ++{lv};")
                out.append(f"{ind}  if ({lv} == {r.randint(2, 4)}) continue;")
                out.append(f"{ind}  if ({lv} > {r.randint(3, 5)}) break;")
            elif rule == "u_do":
                out.append(f"{ind}int {lv} = 0;")
                out.append(f"{ind}do {{")
            else:
                e = self.read_leaf(K, "u") or "3u"
                out.append(f"{ind}for (int {lv} = 0; {lv} < (int)(({e}) % 4u); {lv}++) {{")
            saved = K.loopvar
            K.loopvar = lv
            out += self.block(K, ind + "  ", r.randint(1, 2), depth + 1)
            K.loopvar = saved
            if rule == "u_do":
                out.append(f"{ind}  {lv}++;")
                out.append(f"{ind}}} while ({lv} < {r.randint(1, 3)});")
            else:
                out.append(f"{ind}}}")
            return out
        raise AssertionError(k)

    # ---- helpers -----------------------------------------------------
    def make_helpers(self, structs):
        """helper functions per struct: text, and the names kernels call"""
        r = self.r
        helpers, text = {}, []
        dev = "__device__ " if self.cu else ""
        for s in structs:
            if not self.on("helpers"):
                break
            fl = [l for l in s.leaves() if l.kind == "f"]
            il = [l for l in s.leaves() if l.kind != "f"]
            # rd: reads element j through p
            nm = self.name(f"rd_{s.name}_")
            pdecl = self.ptype(s, True)
            if self.on("ptr_typedef") and r.random() < 0.7:
                td = self.name(f"{s.name}_cptr")
                self.typedefs_late.append(f"typedef {pdecl}{td};")
                pdecl = td + " "
            hd = "__host__ __device__ " if self.cu and self.on("host_helper") and not s.packed else dev
            body = []
            for l in r.sample(s.leaves(), min(3, len(s.leaves()))):
                form = r.randrange(3)
                path = self.leaf_path(l)
                if form == 0:
                    body.append(f"(float)(p[j]{path})")
                elif form == 1:
                    body.append(f"(float)((p + j)->{path[1:]})")
                else:
                    body.append(f"(float)((*(p + j)){path})")
            text.append(f"{hd}float {nm}({pdecl}p, int j) {{\n  return {' + '.join(body)};\n}}")
            helpers[("rd", s.name)] = nm
            if hd.startswith("__host__"):
                helpers[("rd_host", s.name)] = nm
            # up: updates the element q points to
            nm = self.name(f"up_{s.name}_")
            body = []
            for l in r.sample(s.leaves(), min(2, len(s.leaves()))):
                path = self.leaf_path(l)
                if l.kind == "f":
                    body.append(f"  q->{path[1:]} += {'v' if l.key == 'f32' else '(double)v'};")
                else:
                    body.append(f"  (*q){path} ^= {r.randint(1, 9)};")
            if r.random() < 0.5:
                body.append(f"  v = {helpers[('rd', s.name)]}(q, 0);")
                if fl:
                    body.append(f"  q[0]{self.leaf_path(fl[0])} -= ({self.sname(fl[0].key)})(v * 0.5f);")
            text.append(f"{dev}void {nm}({self.ptype(s)}q, float v) {{\n" + "\n".join(body) + "\n}")
            helpers[("up", s.name)] = nm
            # walk: a helper moving its own pointer
            if self.on("derived"):
                nm = self.name(f"walk_{s.name}_")
                l = r.choice(s.leaves())
                path = self.leaf_path(l)
                text.append(f"{dev}float {nm}({self.ptype(s, True)}p, int j, int n) {{\n"
                            f"  p += j;\n  float a = (float)(p->{path[1:]});\n"
                            f"  if (j + 1 < n) {{\n    p++;\n    a += (float)((*p){path});\n  }}\n  return a;\n}}")
                helpers[("walk", s.name)] = nm
            if self.on("odd_forms"):
                nm = self.name(f"cp_{s.name}_")
                l = r.choice(s.leaves())
                op = "+= 1.0f" if l.kind == "f" else "^= 3"
                text.append(f"{dev}void {nm}({self.ptype(s)}d, {self.ptype(s, True)}src, int j) {{\n"
                            f"  *d = src[j];\n  d->{self.leaf_path(l)[1:]} {op};\n}}")
                helpers[("cp", s.name)] = nm
            if self.on("byvalue"):
                nm = self.name(f"bv_{s.name}_")
                l = r.choice(s.leaves())
                text.append(f"{dev}float {nm}({s.spell} e) {{\n  return (float)(e{self.leaf_path(l)}) * 0.5f;\n}}")
                helpers[("bv", s.name)] = nm
                nm = self.name(f"mk_{s.name}_")
                l = r.choice(s.leaves())
                op = "+= 1.0f" if l.kind == "f" else "^= 3"
                text.append(f"{dev}{s.spell} {nm}({self.ptype(s, True)}p, int j) {{\n  {s.spell} t = p[j];\n"
                            f"  t{self.leaf_path(l)} {op};\n  return t;\n}}")
                if not (self.cu and s.packed):
                    # (not called for a packed CUDA struct: nvcc 13 copies `S t = p[j]` there with 8-byte loads
                    # at misaligned addresses, and the original faults: GPU campaign seed 30044)
                    helpers[("mk", s.name)] = nm
        if self.on("returns"):
            # feature returns: functions that return an element by reference or a pointer into their argument,
            # drawn from a stream of their own, named after the struct (the other names stay as they were)
            rr = random.Random(f"{self.seed}:returns")
            for s in structs:
                T, P, C = s.spell, self.ptype(s), self.ptype(s, True)
                at = rr.choice(["return p + j;", "return &p[j];", f"{T} *q = p;\n  q += j;\n  return q;"])
                get = rr.choice(["return p[j];", "return *(p + j);", f"{T} &e = p[j];\n  return e;"])
                text.append(f"__device__ {T} *at_{s.name}({P}p, int j) {{\n  {at}\n}}")
                text.append(f"__device__ const {T} *cat_{s.name}({C}p, int j) {{\n  return p + j;\n}}")
                text.append(f"__device__ {T} &get_{s.name}({P}p, int j) {{\n  {get}\n}}")
                text.append(f"__device__ const {T} &cget_{s.name}({C}p, int j) {{\n  return p[j];\n}}")
                helpers[("ret", s.name)] = True
        if self.on("field_addr"):
            # feature field_addr: per struct, helpers given the address of a field, a vector field or an array
            # field's element (pointer to its own type) that read or write it through *q, q[0], q->c, (*q).c;
            # one read helper passes it on to another; a stream of its own (packed structs: none, as their
            # fields' addresses are misaligned for the callee)
            rf = random.Random(f"{self.seed}:field_addr")
            for s in structs:
                if s.packed:
                    continue
                fas = []
                ls = [l for l in s.leaves() if l.key not in ("i8", "u8")]  # (a char pointer reads bytes: refused)
                for k, l in enumerate(rf.sample(ls, min(3, len(ls)))):
                    argpath, ptype, inner = self.fa_split(s, l)
                    rd, wr = f"fa_rd_{s.name}_{k}", f"fa_wr_{s.name}_{k}"
                    form = rf.randrange(3)
                    lv = (["*q", "q[0]", "(*q)"][form] if inner is None else
                          [f"q->{inner}", f"(*q).{inner}", f"q[0].{inner}"][form])
                    op = "+= 1.0f" if l.kind == "f" else "^= 3"
                    text.append(f"__device__ float {rd}_in(const {ptype} *q) {{\n  return (float)({lv});\n}}")
                    body = f"return {rd}_in(q);" if rf.random() < 0.5 else f"return (float)({lv}) * 0.5f;"
                    text.append(f"__device__ float {rd}(const {ptype} *q) {{\n  {body}\n}}")
                    text.append(f"__device__ void {wr}({ptype} *q) {{\n  {lv} {op};\n}}")
                    fas.append((l, argpath, rd, wr))
                if fas:
                    helpers[("fa", s.name)] = fas
        if self.on("ref_params"):
            # feature ref_params: per struct, helpers taking an element by reference: one reads a leaf, one
            # reads another and passes the reference on, one writes a leaf; a stream of their own
            rq = random.Random(f"{self.seed}:ref_params")
            for s in structs:
                T, ls = s.spell, s.leaves()
                l1, l2, lw = rq.choice(ls), rq.choice(ls), rq.choice(ls)
                rd, rd2, wr = f"rp_rd_{s.name}", f"rp_rd2_{s.name}", f"rp_wr_{s.name}"
                op = "+= 1.0f" if lw.kind == "f" else "^= 3"
                text.append(f"__device__ float {rd}(const {T} &e) {{\n  return (float)(e{self.leaf_path_fixed(l1)});\n}}")
                text.append(f"__device__ float {rd2}(const {T} &e) {{\n  return {rd}(e) + (float)(e{self.leaf_path_fixed(l2)}) * 0.5f;\n}}")
                text.append(f"__device__ void {wr}({T} &e) {{\n  e{self.leaf_path_fixed(lw)} {op};\n}}")
                helpers[("rp", s.name)] = (rd, rd2, wr, lw)
        return helpers, text

    def stmt_rparam(self, K, ind):
        """feature ref_params: an element bound to a helper's reference parameter: the own element (written,
        unless its leaf is updated atomically in this kernel, or read), a read-only array's element (read),
        or a local copy of one (read: the helper's text stays for it, a clone takes device data)"""
        r = self.r
        s = K.W["s"]
        hw = K.helpers.get(("rp", s.name))
        reads = [src for src in K.sources if src["role"] == "r" and not src.get("cas") and ("rp", src["s"].name) in K.helpers]
        opts = (["wr"] if hw and not K.atomic and (K.W["p"], hw[3].field) not in K.reserved else []) + \
               (["own"] if hw else []) + (["rd", "rd", "copy"] if reads else [])
        if not opts:
            return []
        c = r.choice(opts)
        W, i = K.W["p"], K.i
        if c in ("wr", "own"):
            rd, rd2, wr, _ = hw
            base = r.choice([f"{W}[{i}]", f"*({W} + {i})"])
            return [f"{ind}{wr}({base});"] if c == "wr" else [f"{ind}{K.acc} += {r.choice([rd, rd2])}({base});"]
        src = r.choice(reads)
        rd, rd2, _, _ = K.helpers[("rp", src["s"].name)]
        e = f"{src['p']}[{self.index_for(K, src)}]"
        if c == "copy" and not src["s"].packed:  # (a packed struct's copy: nvcc 13's misaligned loads, seed 30044)
            t = self.name("rc")
            return [f"{ind}{{", f"{ind}  {src['s'].spell} {t} = {e};", f"{ind}  {K.acc} += {rd}({t});", f"{ind}}}"]
        return [f"{ind}{K.acc} += {r.choice([rd, rd2])}({e});"]

    def fa_split(self, s, leaf):
        """feature field_addr: how a helper takes leaf by address: (the path to the part whose address is
        given, its type's spelling, the member the helper names, or None for the part itself)"""
        parts = leaf.parts
        if parts[-1][0] in ("v", "f") and len(parts) > 1:
            head, inner = parts[:-1], parts[-1][1]
        else:
            head, inner = parts, None
        path = "".join("." + p[1] if p[0] in ("f", "v") else f"[{p[2]}]" for p in head)
        field = next(f for f in s.fields if f.name == leaf.field)
        if inner is None:
            ptype = self.sname(leaf.key)
        else:
            ptype = field.ty  # a vector type, the element vector of an array of vectors, or the nested struct
        return path, ptype, inner

    # ---- kernels -----------------------------------------------------
    def make_kernel(self, kname, s, structs, helpers, bufs):
        """one kernel: writes bufs' array A (own element), reads the others"""
        r = self.r

        class K:
            pass
        K.i = "i"
        K.reserved = set()
        K.locals = []
        K.loopvar = None
        K.helpers = helpers
        K.q = None
        K.gridstride = self.on("gridstride") and r.random() < 0.5
        K.acc, K.accu = "acc", "accu"
        params, args = [], []  # params: declarations; args: (kind, what) for launches
        wname, rname = r.sample(["a", "b"], 2)
        W = {"s": s, "p": "w", "role": "w", "n": "n", "buf": f"{wname}{s.name[1:]}"}
        wdecl = f"{self.ptype(s)}{'__restrict__ ' if self.cu and self.on('restrict') else ('restrict ' if self.on('restrict') else '')}w"
        if self.on("ptr_typedef") and r.random() < 0.3:
            td = self.name(f"{s.name}_wptr")
            self.typedefs_late.append(f"typedef {self.ptype(s)}{td};")
            wdecl = f"{td} w"
        params.append(("w", wdecl))
        args.append(("buf", W["buf"]))
        sources = [W]
        if r.random() < 0.8:
            R = {"s": s, "p": "r", "role": "r", "n": "n", "buf": f"{rname}{s.name[1:]}"}
            decl = f"{self.ptype(s, True)}r"
            if self.on("constant_param") and r.random() < 0.5:
                decl = f"__constant const {s.spell} *r"
                R["cas"] = True
            elif self.on("ptr_typedef") and r.random() < 0.3:
                td = self.name(f"{s.name}_ptr")
                self.typedefs_late.append(f"typedef {self.gp()}const {s.spell} *{td};")
                decl = f"{td} r"
            params.append(("r", decl))
            args.append(("buf", R["buf"]))
            sources.append(R)
        others = [o for o in structs if o is not s]
        if others and r.random() < 0.7:
            o = r.choice(others)
            O = {"s": o, "p": "o", "role": "r", "n": "m", "buf": f"{r.choice('ab')}{o.name[1:]}"}
            params.append(("o", f"{self.ptype(o, True)}o"))
            args.append(("buf", O["buf"]))
            params.append(("m", "int m"))
            args.append(("count", o))
            sources.append(O)
        params.append(("n", "int n"))
        args.append(("count", s))
        plain_out = self.on("plain_bufs") and r.random() < 0.6
        if plain_out:
            params.append(("out", f"{self.gp()}float *out"))
            args.append(("buf", f"f{s.name[1:]}"))
        hist = self.on("plain_bufs") and self.on("atomics") and r.random() < 0.3
        if hist:
            params.append(("hist", f"{self.gp()}int *hist"))
            args.append(("buf", f"h{s.name[1:]}"))
        K.sources = sources
        K.W = W
        # atomics: one 4-byte integer field of the written array, only ever
        # updated atomically in this kernel
        K.atomic = None
        if self.on("atomics") and not s.packed:
            cands = [f for f in s.fields if f.int32_top]
            if cands:
                f = r.choice(cands)
                K.atomic = ("w", r.choice(f.leaves))
                K.reserved.add(("w", f.name))
                # one family of operations that commute with each other, so
                # the result does not depend on the order of the work-items
                K.atomic_family = r.choice(["add", "add", "or", "and", "xor", "min", "max"])
        K.whole_ok = K.atomic is None

        def int_leaf(src):
            ls = [l for l in src["s"].leaves() if l.kind != "f" and (src["p"], l.field) not in K.reserved]
            return ls[0] if ls else None
        K.int_leaf = int_leaf

        def int_leaf_any():
            for src in K.sources:
                if src["role"] == "r" and int_leaf(src):
                    return src, int_leaf(src)
            return None
        K.int_leaf_any = int_leaf_any

        def locals_of(kind):
            return [v for v, k in K.locals if k == kind]
        K.locals_of = locals_of

        # shuffle parameter order (argument maps)
        order = list(range(len(params)))
        if r.random() < 0.5:
            r.shuffle(order)
        params = [params[k] for k in order]
        args = [args[k] for k in order]
        body = []
        tid = "(int)(blockIdx.x * blockDim.x + threadIdx.x)" if self.cu else "(int)get_global_id(0)"
        stride = "(int)(gridDim.x * blockDim.x)" if self.cu else "(int)get_global_size(0)"
        ind = "  "
        if K.gridstride:
            body.append(f"  for (int i = {tid}; i < n; i += {stride}) {{")
            ind = "    "
        else:
            body.append(f"  int i = {tid};")
            body.append("  if (i >= n)")
            body.append("    return;")
        body.append(f"{ind}float acc = 0.0f;")
        body.append(f"{ind}{self.uns()} accu = 0u;")
        # a __shared__ / __local array of a read-only struct: each work-item
        # copies an element into its own slot and reads it back
        K.tile = None
        bs = r.choice([32, 64, 128, 256])
        ro = [src for src in sources if src["role"] == "r"]
        if self.on("shared_copy") and ro:
            src = r.choice(ro)
            bs = r.choice([32, 64])
            if sum(SCALARS[l.key][2] for l in src["s"].leaves()) * 2 * bs <= 32768:
                K.tile = src
                if self.cu:
                    body.insert(0, f"  __shared__ {src['s'].spell} tile[{bs}];")
                    K.lid = "threadIdx.x"
                else:
                    body.insert(0, f"  __local {src['s'].spell} tile[1];")
                    K.lid = "get_local_id(0)"
        self.kbs[kname] = bs
        if self.on("derived") and r.random() < 0.5:
            K.q = "qw"
            body.append(f"{ind}{self.ptype(s)}qw = {r.choice(['w + i', '&w[i]'])};")
        body += self.block(K, ind, r.randint(3, 9), 0)
        # write the accumulators somewhere
        leaf = self.wleaf(K)
        if leaf:
            lv = self.access("w", "i", leaf)
            if leaf.kind == "f":
                body.append(f"{ind}{lv} += ({self.sname(leaf.key)})acc;")
            else:
                body.append(f"{ind}{lv} ^= ({self.sname(leaf.key)})accu;")
        if plain_out:
            body.append(f"{ind}out[i] = acc + (float)(accu & 1023u);")
        if hist:
            body.append(f"{ind}atomic{'Add' if self.cu else '_add'}(&hist[(accu + ({self.uns()})i) % ({self.uns()})n], 1);")
        if K.gridstride:
            body.append("  }")
        tpl = self.template_kernel(kname, body, ind)
        kw = "__global__ void" if self.cu else "__kernel void"
        text = f"{tpl}{kw} {kname}({', '.join(p for _, p in params)}) {{\n" + "\n".join(body) + "\n}"
        self.kparams[kname] = [p for _, p in params]
        return text, args, K.gridstride

    def template_kernel(self, kname, body, ind):
        """CUDA, feature templates: half the kernels become function templates
        (their own random stream: other seeds' programs stay the same), on an
        int that bounds a loop adding to acc, or on a type acc adds a value
        of; their launches give the template arguments (self.ktargs)."""
        self.ktargs[kname] = ""
        if not (self.cu and self.on("templates")):
            return ""
        tr = random.Random(f"{self.seed}:templates:{kname}")
        form = tr.choice(["none", "int", "int", "type"])
        at = next(k for k, line in enumerate(body) if line.strip().startswith("float acc = ")) + 1
        if form == "int":
            self.ktargs[kname] = f"<{tr.randint(1, 4)}>"
            body.insert(at, f"{ind}for (int tk = 0; tk < TK; tk++) acc += 0.25f * (float)(tk + 1);")
            return "template <int TK> "
        if form == "type":
            tt = tr.choice(["float", "int", "double", "unsigned char"])
            self.ktargs[kname] = f"<{tt}>"
            body.insert(at, f"{ind}acc += (float)(TT)3;")
            return "template <class TT> "
        return ""

    # ---- the program ---------------------------------------------------
    def generate(self):
        r = self.r
        self.typedefs_late = []
        self.kparams, self.kbs, self.ktargs = {}, {}, {}
        ns = 1 + (r.randint(1, 2) if self.on("multi_struct") else 0)
        structs = [self.make_struct(k) for k in range(ns)]
        helpers, htext = self.make_helpers(structs)
        nk = max(ns, r.randint(2, 5))
        kernels = []
        for k in range(nk):
            s = structs[k % ns] if k < ns else r.choice(structs)
            text, args, gs = self.make_kernel(f"k{k}", s, structs, helpers, None)
            kernels.append((f"k{k}", s, text, args, gs))
        out = []
        feats = ",".join(f for f in sorted(self.feat) if self.feat[f])
        out.append(f"// generated by testsuite/fuzz/gen.py --lang {self.lang} --seed {self.seed}")
        out.append(f"// features: {feats}")
        if self.cu:
            out += ["#include <cstdio>", "#include <cstdlib>", "#include <cstring>", "#include <cuda_runtime.h>"]
        elif self.on("doubles"):
            out.append("#pragma OPENCL EXTENSION cl_khr_fp64 : enable")
        out.append("")
        out += self.typedefs
        for s in structs:
            out.append(s.text)
        out += self.typedefs_late
        out.append("")
        for h in htext:
            out.append(h)
            out.append("")
        for _, _, text, _, _ in kernels:
            out.append(text)
            out.append("")
        if self.cu:
            out += self.cuda_host(structs, kernels, helpers)
        else:
            out += self.cldiff_lines(structs, kernels)
        return "\n".join(out) + "\n"

    # ---- OpenCL: the runs for cldiff -----------------------------------------
    def cldiff_lines(self, structs, kernels):
        lines = []
        for counts in ([s.n for s in structs], [self.r.choice(SMALL_COUNTS) for _ in structs]):
            n = {s.name: c for s, c in zip(structs, counts)}
            a = []
            for s in structs:
                for b in "ab":
                    a.append(f"--buf {b}{s.name[1:]}=struct:{s.spell.split()[-1]}:{n[s.name]}")
                if self.on("plain_bufs"):
                    a.append(f"--buf f{s.name[1:]}=f32:{n[s.name]}")
                    a.append(f"--buf h{s.name[1:]}=i32:{n[s.name]}")
                for f in s.fields:
                    if f.fill:
                        a.append(f"--fill {s.spell.split()[-1]}.{f.name}={f.fill}")
            for kname, s, _, args, gs in kernels:
                g = n[s.name] if not gs else max(1, n[s.name] // 3)
                a.append(f"--kernel {kname} --global {g}")
                for kind, what in args:
                    if kind == "buf":
                        a.append(f"--arg {what}")
                    else:
                        a.append(f"--arg int:{n[what.name]}")
            lines.append("// CLDIFF: " + " ".join(a))
        if not self.on("cl_optimize"):
            lines.append("// CLDIFF-OPTIONS: -cl-opt-disable")
        return lines

    # ---- CUDA host -------------------------------------------------------
    def cuda_host(self, structs, kernels, helpers):
        r = self.r
        o = []
        o.append("static unsigned long long lcg_state = %dULL;" % (self.seed * 2654435761 % (1 << 40) + 1))
        o.append("static unsigned lcg() {")
        o.append("  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;")
        o.append("  return (unsigned)(lcg_state >> 33);")
        o.append("}")
        o.append("static float rnd_f() { return 0.5f + (float)(lcg() % 1536u) / 1024.0f; }")
        o.append("static int rnd_i() { return 1 + (int)(lcg() % 99u); }")
        o.append("static void ck(cudaError_t e, int line) {")
        o.append("  if (e != cudaSuccess) {")
        o.append('    fprintf(stderr, "line %d: %s\\n", line, cudaGetErrorString(e));')
        o.append("    exit(2);")
        o.append("  }")
        o.append("}")
        o.append("")
        for s in structs:
            o.append(f"static void fill_{s.name}({s.spell} *h, int n) {{")
            o.append("  for (int i = 0; i < n; ++i) {")
            for l in s.leaves():
                path = self.leaf_path_fixed(l)
                t = self.sname(l.key)
                v = "rnd_f()" if l.kind == "f" else "rnd_i()"
                o.append(f"    h[i]{path} = ({t}){v};")
            o.append("  }")
            o.append("}")
            o.append(f"static void dump_{s.name}(FILE *f, const {s.spell} *h, int n) {{")
            o.append("  for (int i = 0; i < n; ++i) {")
            for l in s.leaves():
                path = self.leaf_path_fixed(l)
                o.append(f"    {{ {self.sname(l.key)} t = h[i]{path}; fwrite(&t, sizeof t, 1, f); }}")
            o.append("  }")
            o.append("}")
        o.append("")
        if self.on("host_fn"):
            for kname, s, _, args, gs in kernels:
                ps = self.kparams[kname]
                names = [p.replace("*", " ").split()[-1] for p in ps]
                o.append(f"static void run_{kname}({', '.join(ps)}, int blocks) {{")
                o.append(f"  {kname}{self.ktargs[kname]}<<<blocks, {self.kbs[kname]}>>>({', '.join(names)});")
                o.append("}")
        main_at = len(o)
        o.append("int main(int argc, char **argv) {")
        o.append('  if (argc != 2) { fprintf(stderr, "usage: %s OUTPUT\\n", argv[0]); return 2; }')
        # feature globals: the device arrays at file scope, drawn from a stream of their own (the rest of the
        # program is the same as without the feature)
        gr = random.Random(f"{self.seed}:globals") if self.on("globals") else None
        glob = []
        rt = random.Random(f"{self.seed}:returns:host") if self.on("returns") else None
        allocs = []
        for s in structs:
            k = s.name[1:]
            T = s.spell
            o.append(f"  int n{k} = {s.n};")
            o.append(f"  size_t bytes{k} = sizeof({T}) * n{k};")
            o.append(f"  {T} *ha{k} = ({T} *)calloc(n{k}, sizeof({T}));")
            o.append(f"  {T} *hb{k} = ({T} *)calloc(n{k}, sizeof({T}));")
            o.append(f"  fill_{s.name}(ha{k}, n{k});")
            o.append(f"  fill_{s.name}(hb{k}, n{k});")
            for arr in (f"a{k}", f"b{k}"):
                if gr and gr.random() < 0.7:
                    spec = gr.choice(["static ", "static ", ""])
                    init = gr.choice(["", " = nullptr", " = NULL", " = 0"])
                    glob.append(f"{spec}{T} *{arr}{init};")
                else:
                    o.append(f"  {T} *{arr};")
            spell = r.choice(['', '(void **)'])
            if rt and rt.random() < 0.6:  # feature returns: a host function that returns the device array
                o.append(f"  a{k} = alloc_{s.name}(bytes{k});")
                allocs.append(f"static {T} *alloc_{s.name}(size_t bytes) {{\n  {T} *d;\n"
                              f"  ck(cudaMalloc({spell}&d, bytes), __LINE__);\n  return d;\n}}")
            else:
                o.append(f"  ck(cudaMalloc({spell}&a{k}, bytes{k}), __LINE__);")
            if self.on("async") and r.random() < 0.4:
                o.append(f"  ck(cudaMallocManaged(&b{k}, bytes{k}), __LINE__);")
            else:
                o.append(f"  ck(cudaMalloc({r.choice(['', '(void **)'])}&b{k}, bytes{k}), __LINE__);")
            if self.on("async") and r.random() < 0.5:
                o.append(f"  ck(cudaMemcpyAsync(a{k}, ha{k}, bytes{k}, cudaMemcpyHostToDevice, 0), __LINE__);")
                o.append("  ck(cudaStreamSynchronize(0), __LINE__);")
            elif self.on("async") and r.random() < 0.5:
                o.append(f"  ck(cudaMemcpy(a{k}, ha{k}, bytes{k}, cudaMemcpyDefault), __LINE__);")
            else:
                o.append(f"  ck(cudaMemcpy(a{k}, ha{k}, bytes{k}, cudaMemcpyHostToDevice), __LINE__);")
            init_b = r.choice(["h2d", "memset", "d2d", "half"])
            if init_b == "memset" and self.on("memset"):
                if self.on("async") and r.random() < 0.5:
                    o.append(f"  ck(cudaMemsetAsync(b{k}, {r.choice([0, 1])}, bytes{k}, 0), __LINE__);")
                else:
                    o.append(f"  ck(cudaMemset(b{k}, {r.choice([0, 1])}, bytes{k}), __LINE__);")
            elif init_b == "d2d" and self.on("copies_host"):
                o.append(f"  ck(cudaMemcpy(b{k}, a{k}, bytes{k}, cudaMemcpyDeviceToDevice), __LINE__);")
            elif init_b == "half" and self.on("copies_host") and s.n >= 2:
                o.append(f"  ck(cudaMemcpy(b{k}, hb{k}, bytes{k}, cudaMemcpyHostToDevice), __LINE__);")
                o.append(f"  ck(cudaMemcpy(b{k}, a{k}, sizeof({T}) * (n{k} / 2), cudaMemcpyDeviceToDevice), __LINE__);")
            else:
                o.append(f"  ck(cudaMemcpy(b{k}, hb{k}, bytes{k}, cudaMemcpyHostToDevice), __LINE__);")
            if self.on("plain_bufs"):
                o.append(f"  float *f{k};")
                o.append(f"  int *h{k};")
                o.append(f"  ck(cudaMalloc(&f{k}, sizeof(float) * n{k}), __LINE__);")
                o.append(f"  ck(cudaMalloc(&h{k}, sizeof(int) * n{k}), __LINE__);")
                o.append(f"  ck(cudaMemset(f{k}, 0, sizeof(float) * n{k}), __LINE__);")
                o.append(f"  ck(cudaMemset(h{k}, 0, sizeof(int) * n{k}), __LINE__);")
        for kname, s, _, args, gs in kernels:
            k = s.name[1:]
            bs = self.kbs[kname]
            grid = f"(n{k} + {bs - 1}) / {bs}" if not gs else "2"
            alist = []
            for kind, what in args:
                alist.append(what if kind == "buf" else f"n{what.name[1:]}")
            if self.on("host_fn") and r.random() < 0.3:
                # a struct buffer through a host local first
                sb = [j for j, (kind, what) in enumerate(args) if kind == "buf" and what[0] in "ab"]
                if sb:
                    j = r.choice(sb)
                    al = self.name("d")
                    o.append(f"  {structs[int(args[j][1][1:])].spell} *{al} = {alist[j]};")
                    alist[j] = al
            if self.on("host_fn") and r.random() < 0.5:
                o.append(f"  run_{kname}({', '.join(alist)}, {grid});")
            elif self.on("launch_kernel") and r.random() < 0.5:
                args_name = self.name("args")
                o.append(f"  {{ void *{args_name}[] = {{{', '.join('&' + a for a in alist)}}};")
                o.append(f"    ck(cudaLaunchKernel((const void *){kname}{self.ktargs[kname]}, dim3({grid}), dim3({bs}), {args_name}, 0, 0), __LINE__); }}")
            else:
                o.append(f"  {kname}{self.ktargs[kname]}<<<{grid}, {bs}>>>({', '.join(alist)});")
            o.append("  ck(cudaGetLastError(), __LINE__);")
            if self.on("copies_host") and r.random() < 0.2:
                o.append(f"  ck(cudaMemcpy(ha{k}, a{k}, sizeof({s.spell}) * (n{k} / 2), cudaMemcpyDeviceToHost), __LINE__);")
                o.append(f"  ck(cudaMemcpy(a{k}, ha{k}, sizeof({s.spell}) * (n{k} / 2), cudaMemcpyHostToDevice), __LINE__);")
        o[main_at:main_at] = glob + allocs
        o.append("  ck(cudaDeviceSynchronize(), __LINE__);")
        o.append('  FILE *f = fopen(argv[1], "wb");')
        o.append('  if (!f) { perror(argv[1]); return 2; }')
        for s in structs:
            k = s.name[1:]
            o.append(f"  ck(cudaMemcpy(ha{k}, a{k}, bytes{k}, cudaMemcpyDeviceToHost), __LINE__);")
            kind = "cudaMemcpyDefault" if self.on("async") and r.random() < 0.5 else "cudaMemcpyDeviceToHost"
            o.append(f"  ck(cudaMemcpy(hb{k}, b{k}, bytes{k}, {kind}), __LINE__);")
            o.append(f"  dump_{s.name}(f, ha{k}, n{k});")
            o.append(f"  dump_{s.name}(f, hb{k}, n{k});")
            if ("rd_host", s.name) in helpers:
                o.append(f"  {{ float t = {helpers[('rd_host', s.name)]}(ha{k}, n{k} - 1); fwrite(&t, sizeof t, 1, f); }}")
            if self.on("plain_bufs"):
                o.append(f"  {{ float *t = (float *)malloc(sizeof(float) * n{k});")
                o.append(f"    ck(cudaMemcpy(t, f{k}, sizeof(float) * n{k}, cudaMemcpyDeviceToHost), __LINE__);")
                o.append(f"    fwrite(t, sizeof(float), n{k}, f);")
                o.append(f"    ck(cudaMemcpy(t, h{k}, sizeof(int) * n{k}, cudaMemcpyDeviceToHost), __LINE__);")
                o.append(f"    fwrite(t, sizeof(int), n{k}, f);")
                o.append("    free(t); }")
                o.append(f"  ck(cudaFree(f{k}), __LINE__);")
                o.append(f"  ck(cudaFree(h{k}), __LINE__);")
            o.append(f"  ck(cudaFree(a{k}), __LINE__);")
            o.append(f"  ck(cudaFree(b{k}), __LINE__);")
            o.append(f"  free(ha{k});")
            o.append(f"  free(hb{k});")
        o.append("  fclose(f);")
        o.append("  return 0;")
        o.append("}")
        return o

    def leaf_path_fixed(self, leaf):
        out = ""
        for p in leaf.parts:
            out += f"[{p[2]}]" if p[0] == "i" else "." + p[1]
        return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lang", choices=["cuda", "cl"], required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("-o", "--output")
    ap.add_argument("--enable", default="", help="features to force on (comma-separated)")
    ap.add_argument("--disable", default="", help="features to force off (comma-separated)")
    ap.add_argument("--features", action="store_true", help="print the seed's features and exit")
    ap.add_argument("--list-features", action="store_true")
    a = ap.parse_args()
    if a.list_features:
        for f, (p, d) in sorted(FEATURES.items()):
            print(f"{f:16} {p:.1f}  {d}")
        return
    en = [f for f in a.enable.split(",") if f]
    dis = [f for f in a.disable.split(",") if f]
    for f in en + dis:
        if f not in FEATURES:
            sys.exit(f"gen.py: unknown feature '{f}' (--list-features)")
    g = Gen(a.lang, a.seed, en, dis)
    if a.features:
        print(",".join(f for f in sorted(g.feat) if g.feat[f]))
        return
    text = g.generate()
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
