// The rest of the CUDA memory API (2-D copies, peer copies, prefetch and
// advice on managed memory, pitched and pinned allocation) is parsed
// (analysis/cuda_prelude.h; review finding: a file calling cudaMemcpy2D or
// cudaMemPrefetchAsync stopped with "use of undeclared identifier"), and a
// device pointer to a planned struct given to any of them is an unknown use:
// the struct keeps AoS, with a remark, and the output is the input behind
// the plan comment (CUDA 13's forms here; the prelude also parses CUDA 12's
// cudaMemPrefetchAsync / cudaMemAdvise taking a device ordinal).  Host-only uses (pinned buffers, free memory) and a
// struct the calls never see (C) change nothing: C is rewritten.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck %s --check-prefix=OUT
// CHECK: neg-cuda-api.cu:[[@LINE+30]]:16: remark: struct 'A' keeps its AoS layout: a pointer to it is used in a way the rewriter does not handle (converted, compared, stored, subtracted or passed on) [kdlg-rewrite]
// CHECK: neg-cuda-api.cu:[[@LINE+31]]:24: remark: struct 'B' keeps its AoS layout: a pointer to it is used in a way the rewriter does not handle (converted, compared, stored, subtracted or passed on) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
// OUT: kdlg_view_C dc;
// OUT: kdlg_C_malloc(&dc, n * sizeof(C));
// OUT-NOT: kdlg_view_A
// OUT-NOT: kdlg_view_B
#include <cuda_runtime.h>
struct A { float x; float y; int n; };
struct B { float x; float y; int n; };
struct C { float x; float y; int n; };
__global__ void k(A *a, B *b, C *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i].x = b[i].y + c[i].x;
}
int main() {
  int n = 64;
  A *da, *ha;
  B *db;
  C *dc;
  size_t pitch, freeb, total;
  float *img;
  cudaMalloc(&da, n * sizeof(A));
  cudaMallocManaged(&db, n * sizeof(B));
  cudaMalloc(&dc, n * sizeof(C));
  cudaHostAlloc(&ha, n * sizeof(A), cudaHostAllocDefault);
  cudaMallocPitch(&img, &pitch, 64 * sizeof(float), 8);
  cudaMemGetInfo(&freeb, &total);
  cudaMemcpy2D(da, sizeof(A), ha, sizeof(A), sizeof(A), n, cudaMemcpyHostToDevice);
  cudaMemLocation dev0 = {cudaMemLocationTypeDevice, 0};
  cudaMemPrefetchAsync(db, n * sizeof(B), dev0, 0);
  cudaMemAdvise(img, 64, cudaMemAdviseSetReadMostly, dev0);
  k<<<1, 64>>>(da, db, dc, n);
  cudaFreeHost(ha);
  return 0;
}
