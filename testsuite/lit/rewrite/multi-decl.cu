// CUDA: declarations of several variables with views among them are split,
// in kernels (an element copy next to a view, a direct initialiser, a view
// without initialiser assigned later, after a case and a label in a block) and on the host (device pointers
// declared together, a host array declared with a device pointer).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout tiled:32 -o %t.dir/out.cu 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck %s
// ERR-NOT: remark
// ERR:     exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };

__global__ void k(P *p, P *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, j = n - 1 - i;
// CHECK: {{^}}  int i = blockIdx.x * blockDim.x + threadIdx.x, j = n - 1 - i;{{$}}
  if (i >= n) return;
  P s = p[j], *q = p + i, *r(q), *t;
// CHECK: {{^}}  P s = kdlg_P_load(p, (j)); kdlg_view_P q = kdlg_P_offset(p, (i)); kdlg_view_P r(q); kdlg_view_P t;{{$}}
  t = o;
  t[i].x = s.x + q->y + r->n;
// CHECK: {{^}}  (*kdlg_P_f_x(t, (i))) = s.x + (*kdlg_P_f_y(q, 0)) + (*kdlg_P_f_n(r, 0));{{$}}
  switch (n & 1) {
  case 1: P *u = o + i, *w = u;
// CHECK: {{^}}  case 1: kdlg_view_P u = kdlg_P_offset(o, (i)); kdlg_view_P w = u;{{$}}
    w->y = u->x;
  again: P *a = o, *b = a + i;
// CHECK: {{^}}  again: kdlg_view_P a = o; kdlg_view_P b = kdlg_P_offset(a, (i));{{$}}
    b->n += 1;
  }
}

int main() {
  int n = 100;
  P *d_in, *d_out;
// CHECK: {{^}}  kdlg_view_P d_in; kdlg_view_P d_out;{{$}}
  P *h = (P *)calloc(n, sizeof(P)), *d_tmp;
// CHECK: {{^}}  P *h = (P *)calloc(n, sizeof(P)); kdlg_view_P d_tmp;{{$}}
  cudaMalloc(&d_in, n * sizeof(P));
  cudaMalloc(&d_out, n * sizeof(P));
  cudaMalloc(&d_tmp, n * sizeof(P));
  cudaMemcpy(d_in, h, n * sizeof(P), cudaMemcpyHostToDevice);
  k<<<1, 128>>>(d_in, d_out, n);
  k<<<1, 128>>>(d_out, d_tmp, n);
  cudaMemcpy(h, d_tmp, n * sizeof(P), cudaMemcpyDeviceToHost);
// CHECK: {{^}}  kdlg_P_copy_out(h, d_tmp, n * sizeof(P), cudaMemcpyDeviceToHost);{{$}}
  return (int)h[0].x;
}
