// Issue 21, class 4: a struct declared inside `extern "C" { }` kept AoS with
// "its declaration does not end with ';' in this file" (the declaration
// holding it was taken to be the whole extern "C" block).  It is now
// rewritten: the generated block follows the struct's own declaration,
// inside the block, so a kernel defined there too can take the view.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: FileCheck %s < %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// REMARKS-NOT: remark
// REMARKS: exit=0
// CHECK: P: epsilon 128 B; {x,y,z,w,a,b} 24 B SoA -> rewritten
// CHECK: #include <cuda_runtime.h>
// CHECK-NEXT: extern "C" {
// CHECK-NEXT: struct P { float x, y, z, w, a, b; };
// CHECK: typedef struct kdlg_view_P {
// CHECK: __global__ void inside(kdlg_view_P p, int n) {
// CHECK: }
// CHECK: __global__ void outside(kdlg_view_P p, int n) {
#include <cuda_runtime.h>
extern "C" {
struct P { float x, y, z, w, a, b; };
__global__ void inside(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].z = p[i].x * 2;
}
}
__global__ void outside(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { P e = p[i]; e.x += p[i].y; p[i] = e; }
}
int main() {
  P *d;
  cudaMalloc(&d, 100 * sizeof(P));
  outside<<<1, 100>>>(d, 100);
  inside<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
