// A view named inside decltype (or GNU typeof): decltype of an access is
// the field's declared type (float), but of the accessor call it would be
// rewritten into, a reference to the new layout's field (float &), so
// `typedef decltype(q[i].x) T; T t = q[i].y; t += 1;` would write into the
// array (a silent wrong result before); and the operand of a decltype in a
// variable's type was not rewritten (output that did not compile).  Each
// struct keeps AoS with a remark at the keyword, and its code is left as
// written.  A decltype that names no view (`decltype(i)`) changes nothing.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK-DAG: neg-decltype.cu:[[@LINE+15]]:13: remark: struct 'P' keeps its AoS layout: 'q' is named in a decltype or typeof, whose operand the rewriter does not rewrite (and whose type, for an access, would become a reference to the new layout's field) [kdlg-rewrite]
// CHECK-DAG: neg-decltype.cu:[[@LINE+23]]:16: remark: struct 'Q' keeps its AoS layout: 'p' is named in a decltype or typeof
// CHECK-DAG: neg-decltype.cu:[[@LINE+27]]:16: remark: struct 'R' keeps its AoS layout: 'p' is named in a decltype or typeof
// CHECK: kdlg-opt: struct 'U' ({{.*}}): rewritten
// CHECK: exit=0
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.dir/out.cu
// OUT: typedef decltype(q[i].x) T;
// OUT: decltype(p[i].a) t = p[i].b;
// OUT: __typeof__(p[i].r) t = p[i].s;
// OUT: __global__ void ku(kdlg_view_U p, int n) {
struct P { float x, y, z, w; };
__global__ void kp(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  P *q = p;
  if (i < n) {
    typedef decltype(q[i].x) T;
    T t = q[i].y;
    t += 1.0f;
    q[i].z = t;
  }
}
struct Q { float a, b, c, d; };
__global__ void kq(Q *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { decltype(p[i].a) t = p[i].b; p[i].c = t; }
}
struct R { float r, s, t, u; };
__global__ void kr(R *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { __typeof__(p[i].r) t = p[i].s; p[i].t = t; }
}
struct U { float e, f, g, h; };
__global__ void ku(U *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { decltype(i) j = i; p[j].e = p[j].f; }
}
int main() {
  P *dp; Q *dq; R *dr; U *du;
  cudaMalloc(&dp, 64 * sizeof(P)); cudaMalloc(&dq, 64 * sizeof(Q));
  cudaMalloc(&dr, 64 * sizeof(R)); cudaMalloc(&du, 64 * sizeof(U));
  kp<<<1, 64>>>(dp, 64); kq<<<1, 64>>>(dq, 64); kr<<<1, 64>>>(dr, 64); ku<<<1, 64>>>(du, 64);
}
