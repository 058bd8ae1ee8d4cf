// The address of a field given to a function that uses it only within the
// field (issue 19, HeCBench secp256k1's `secp256k1_fe_from_storage(&r->x,
// &a->x)`; transform/rewrite/fieldptr.c): `q->m`, `*q`, `q[0]`, an element
// of a member array, a copy, `&q->n[0]` to an atomic function, and a call
// passing it on to another such function.  A field is stored whole in every
// layout, so `&(*kdlg_S_f_x(p, i))` points to it; the callee stays as it
// is.  Before, "the address of field 'x' escapes" kept G AoS.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT-NOT: remark
// VERDICT: struct 'G' ({{.*}}): rewritten: {x, y, tag} SoA
// VERDICT: exit=0
// RUN: FileCheck %s --input-file %t.dir/out.cu
// CHECK: __device__ void from_storage(Fe *r, const Fs *a) { for (int k = 0; k < 4; k++) r->n[k] = a->n[k] ^ 1u; }
// CHECK: __device__ void ge_from(Ge *r, kdlg_view_G a) { from_storage(&r->x, &(*kdlg_G_f_x(a, 0))); pass(&r->y, &(*kdlg_G_f_y(a, 0))); }
// CHECK: bump(&(*kdlg_G_f_y(w, (i))));
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
struct Fe { unsigned n[4]; };
struct Fs { unsigned n[4]; };
struct G { Fs x; Fs y; int tag; };
struct Ge { Fe x; Fe y; };
__device__ void from_storage(Fe *r, const Fs *a) { for (int k = 0; k < 4; k++) r->n[k] = a->n[k] ^ 1u; }
__device__ void pass(Fe *r, const Fs *a) { from_storage(r, a); Fs t = *a; r->n[0] += t.n[1] + a[0].n[2]; }
__device__ void bump(Fs *a) { atomicAdd(&a->n[0], 1u); a->n[1] += 2u; (*a).n[2] = 7u; ++a->n[3]; }
__device__ void ge_from(Ge *r, const G *a) { from_storage(&r->x, &a->x); pass(&r->y, &a->y); }
__global__ void k(const G *prec, G *w, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Ge g;
  ge_from(&g, &prec[i]);
  bump(&w[i].y);
  out[i] = g.x.n[0] + g.y.n[3] + (unsigned)w[i].tag;
}
int main() {
  G *p, *w; unsigned *o;
  cudaMalloc(&p, 64 * sizeof(G)); cudaMalloc(&w, 64 * sizeof(G)); cudaMalloc(&o, 64 * sizeof(unsigned));
  k<<<1, 64>>>(p, w, o, 64);
  return 0;
}
