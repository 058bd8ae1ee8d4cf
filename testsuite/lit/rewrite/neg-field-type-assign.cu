// Found by review (helper-29): the generated whole-element load assigns
// each field (`s.v = *kdlg_S_f_v(p, i)`), so a field type's user-provided
// assignment operator would run where the original copies the element bit
// by bit (here it adds 1: a different result), and one that is __device__
// only did not compile in the __host__ __device__ load.  A load of such a
// struct keeps it AoS, with a remark there (the raw-storage load of S,
// whose default constructor is user code, made the first case new).  The
// output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-field-type-assign.cu:[[@LINE+8]]:9: remark: struct 'S' keeps its AoS layout: an element is loaded whole and the type of field 'v' has a user-provided or deleted assignment operator (the generated load and store assign the field) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct V { float a; __host__ __device__ V &operator=(const V &o) { a = o.a + 1; return *this; } };
struct S { float x; V v; float y; __host__ __device__ S() { x = 7; } };
__global__ void k(S *p, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  S t = p[i];
  o[i] = t.x + t.v.a + t.y;
}
int main() {
  S *p; float *o;
  cudaMalloc((void **)&p, 64 * sizeof(S)); cudaMalloc((void **)&o, 64 * sizeof(float));
  k<<<1, 64>>>(p, o, 64);
  return 0;
}
