// A layout of 15 storage regions (split: a0 and a1 together, each unused
// field alone) would need a view of 15 pointers, 136 bytes, even one pointer
// per region: larger than nvcc compiles correctly when it is passed by value
// (view-compact.cu).  The struct keeps AoS, and the remark says why.
struct R { int a0; int a1; int a2; int a3; int a4; int a5; int a6; int a7; int a8; int a9; int a10; int a11; int a12; int a13; int a14; int a15; };

__global__ void k(R *r, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = r[i].a0;
  r[i].a1 = i;
}
void run(R *h, int n) {
  R *r; int *out;
  cudaMalloc(&r, n * sizeof(R));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(r, h, n * sizeof(R), cudaMemcpyHostToDevice);
  k<<<n / 32, 32>>>(r, out);
}

// RUN: %kdlg-opt %s --layout split -o %t.cu 2>&1 | FileCheck %s
// RUN: not grep -q "typedef struct kdlg_[v]iew_R" %t.cu
// CHECK: view-too-many-regions.cu:5:8: remark: struct 'R' keeps its AoS layout: its layout has 15 storage regions, and a view of them (136 bytes) is larger than the 128 bytes nvcc compiles correctly when it is passed by value [kdlg-rewrite]
// CHECK: kdlg-opt: struct 'R' ({{.*}}view-too-many-regions.cu:5:8): kept in AoS: its layout has 15 storage regions
