// Issue 21, class 1: a struct pointer spelled through a typedef of the
// pointer type (`typedef S *S_ptr`, `typedef const S *S_cptr`, a typedef of
// that typedef, `typedef struct Node {...} *NodeP`) as a kernel's and a
// device function's parameter, a local variable and a host device pointer.
// kdlg-opt used to crash (SIGSEGV in struct_lookup: the typedef's own
// pointee is no type) in every layout, aos included.  Now every one becomes
// a view and the output compiles.  (Runtime check:
// testsuite/cuda/progs/typedef_pointer.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// RUN: %exitcode %kdlg-opt %s --layout aos -o %t.dir/aos.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: __device__ float get(kdlg_view_S q, int i) { return (*kdlg_S_f_y(q, (i))); }
// CHECK: __device__ void put(kdlg_view_S q, int i, float v) { (*kdlg_S_f_z(q, (i))) = v; }
// CHECK: __global__ void k(kdlg_view_S p, kdlg_view_S c, int n) {
// CHECK: kdlg_view_S q = kdlg_S_offset(p, (i)); kdlg_view_S r = p;
// CHECK: __global__ void kn(kdlg_view_Node p, int n) {
// CHECK: kdlg_view_S d; kdlg_view_S e;
// CHECK: kdlg_view_Node dn; kdlg_Node_malloc(&dn,
#include <cuda_runtime.h>
struct S { float x; float y; float z; int id; };
typedef S *S_ptr;
typedef const S *S_cptr;
typedef S_ptr S_ptr2;
typedef struct Node { float a; float b; double c; } *NodeP;

__device__ float get(S_cptr q, int i) { return q[i].y; }
__device__ void put(S_ptr2 q, int i, float v) { q[i].z = v; }

__global__ void k(S_ptr p, S_cptr c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  S_ptr q = p + i, r = p;
  q->x = get(c, i) + r[i].z;
  put(p, i, (float)c[i].id);
}

__global__ void kn(NodeP p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].c = p[i].a + p[i].b;
}

int main() {
  S_ptr d; S_ptr2 e;
  cudaMalloc(&d, 100 * sizeof(S));
  cudaMalloc((void **)&e, 100 * sizeof(S));
  k<<<1, 100>>>(d, e, 100);
  NodeP dn; cudaMalloc(&dn, 100 * sizeof(struct Node));
  kn<<<1, 100>>>(dn, 100);
  cudaFree(d); cudaFree(e); cudaFree(dn);
  return 0;
}
