struct P { int a; int b; int c; };

__global__ void pingpong(P *x, P *y, const P *z, int parity) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  const P *src = parity ? x : y;
  P *dst = (id & 1) ? y + id : (parity ? x + id : nullptr);
  int v = src[id].a;
  dst->c = v + (parity > 1 ? z : x)[0].b;
  const P *o = (id & 2) ? z : (const P *)0;
  dst->b = o[id].b;
}

// A pointer chosen by `?:` between pointers to the struct (or null, nested)
// is a pointer to it: the accesses through src, dst and o are the struct's
// (before, the access model counted none of them, and the KDLG of a kernel
// that walks ping-pong buffers was empty).  `(c ? z : x)[0].b`, a choice as
// an access's base, is not followed (the rewriter keeps it AoS too).

// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP
// DUMP:      kernel pingpong
// DUMP:      load 4 B P.a @7:
// DUMP:      store 4 B P.c @8:
// DUMP:      load 4 B P.b @10:
// DUMP:      store 4 B P.b @10:
