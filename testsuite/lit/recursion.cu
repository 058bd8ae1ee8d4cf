struct S { int a; int b; };

__device__ int g(S *p, int i);
__device__ int f(S *p, int i) {
  if (i <= 0)
    return p[0].a;
  return g(p, i - 1) + p[i].b;
}
__device__ int g(S *p, int i) { return f(p, i - 1); }
__device__ int h(S *p, int i) { return i > 0 ? h(p, i - 1) : p[i].b; }

__global__ void k(S *p, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = f(p, i) + p[i].a;
}
__global__ void k2(S *p) { p[0].a = h(p, 3); }

// Mutual (f -> g -> f) and direct (h -> h) recursion: the recursive call is
// not followed (remark kdlg-recursion), the analysis finishes, exit 0.
// k:  f: {a; return} or {g: (recursive call dropped); b; return}, then a, out.
//     b -> a (line 14) = 4; a -> b: a only precedes b on exclusive paths.
// k2: h: b (the non-recursive side), then the store of a: b -> a = 4.
// δ(a,b) = 4.

// RUN: rm -f %t.json
// RUN: %exitcode %kdlg-opt-provisional %s --emit-plan %t.json 2>&1 | FileCheck %s
// RUN: %plancheck %t.json | FileCheck %s --check-prefix=PLAN

// CHECK-DAG: recursion.cu:9:40: remark: recursive call to 'f' {{.*}}[kdlg-recursion]
// CHECK-DAG: recursion.cu:10:{{[0-9]+}}: remark: recursive call to 'h' {{.*}}[kdlg-recursion]
// CHECK-NOT: error
// CHECK:     exit=0

// PLAN:      struct S bytes=8 fields=2
// PLAN:      edge a b 4
// PLAN-NEXT: cluster a,b bytes=8 layout=aos tile=1
// PLAN-NEXT: kernels k,k2
