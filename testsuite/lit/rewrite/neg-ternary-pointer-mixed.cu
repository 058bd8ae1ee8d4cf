// A `?:` whose arms hold device data and other data (a host array, a
// __shared__ tile) makes the variable or parameter it flows into hold both:
// the struct keeps AoS, with the remark at the other arm; the output is the
// input behind the plan comment.  P: a host pointer in main(); Q: a shared
// tile given with a kernel's data to a device function.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK-DAG: neg-ternary-pointer-mixed.cu:[[@LINE+18]]:14: remark: struct 'P' keeps its AoS layout: 'h' is given the value of a call to 'malloc' (a pointer a function returns is not followed), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: neg-ternary-pointer-mixed.cu:[[@LINE+14]]:26: remark: struct 'Q' keeps its AoS layout: 'q' is given a pointer that does not come from a kernel argument or cudaMalloc, and it also holds the struct's device data [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x, y; };
struct Q { float x, y; };
__global__ void kp(P *p) { p[threadIdx.x].x += 1.0f; }
__device__ float get(const Q *q, int i) { return q[i].x; }
__global__ void kq(Q *a, Q *b) {
  __shared__ Q tile[32];
  int i = threadIdx.x;
  tile[i] = a[i];
  __syncthreads();
  b[i].y = get((i & 2) ? tile : b, i);
}
int main(int argc, char **argv) {
  P *d, *h = (P *)malloc(32 * sizeof(P));
  Q *a, *b;
  cudaMalloc(&d, 32 * sizeof(P));
  cudaMalloc(&a, 32 * sizeof(Q));
  cudaMalloc(&b, 32 * sizeof(Q));
  kp<<<1, 32>>>(d);
  P *any = argc > 5 ? d : h;
  kq<<<1, 32>>>(a, b);
  cudaFree(d); cudaFree(a); cudaFree(b); free(h);
  (void)any;
  return 0;
}
