// A pointer chosen by `?:` between tracked pointers (ping-pong buffers, one
// buffer at two offsets, a null arm, nested) is a view: each arm is written
// as one (`kdlg_P_offset(a, (i))`, `kdlg_P_null()`, a view as it is) and the
// variable, parameter or return value it flows into joins both arms.  In a
// launch, an argument, a declaration, an assignment and a `return`.  (An arm
// that holds other data, or `?:` as an access's base: neg-ternary-pointer*.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: rewritten: {x, y, id} SoA
// TOOL: exit=0
// CHECK: __device__ float sum2(kdlg_view_P q, int i) { return (*kdlg_P_f_x(q, (i))) + (*kdlg_P_f_y(q, (i))); }
// CHECK-NEXT: __device__ kdlg_view_P pick(kdlg_view_P a, kdlg_view_P b, int i) { return (i & 1) ? kdlg_P_offset(a, (i)) : b; }
// CHECK-NEXT: __global__ void step(kdlg_view_P a, kdlg_view_P b, kdlg_view_P c, int n, int parity) {
// CHECK:   kdlg_view_P src = parity ? a : b;
// CHECK-NEXT:   kdlg_view_P dst = parity ? b : a;
// CHECK-NEXT:   kdlg_view_P own = (i & 1) ? kdlg_P_offset(dst, (i)) : kdlg_P_offset(dst, (i));
// CHECK-NEXT:   kdlg_view_P opt = (n > 1) ? c : kdlg_P_null();
// CHECK-NEXT:   kdlg_view_P nest = (i & 2) ? ((i & 4) ? a : kdlg_P_offset(b, (1))) : (c);
// CHECK-NEXT:   (*kdlg_P_f_x(dst, (i))) = (*kdlg_P_f_x(src, (i))) + (n > 1 ? (*kdlg_P_f_y(opt, (i))) : 0.0f) + (*kdlg_P_f_x(nest, (i)));
// CHECK-NEXT:   (*kdlg_P_f_y(own, 0)) = sum2(parity ? a : b, i);
// CHECK-NEXT:   kdlg_view_P w;
// CHECK-NEXT:   w = (i & 1) ? kdlg_P_offset(a, (i)) : kdlg_P_offset(b, (i));
// CHECK-NEXT:   (*kdlg_P_f_id(w, 0)) += 1;
// CHECK-NEXT:   (*kdlg_P_f_id(pick(a, b, i), 0)) -= 1;
// CHECK:   kdlg_view_P a; kdlg_view_P b; kdlg_view_P c;
// CHECK:     step<<<(n + 255) / 256, 256>>>(s % 2 ? b : a, s % 2 ? a : b, c, n, s & 1);
// CHECK-NEXT:   kdlg_view_P last = (4 % 2) ? b : a;
// CHECK-NEXT:   kdlg_P_copy_out(h, last, n * sizeof(P), cudaMemcpyDeviceToHost);
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x, y; int id; };
__device__ float sum2(const P *q, int i) { return q[i].x + q[i].y; }
__device__ P *pick(P *a, P *b, int i) { return (i & 1) ? a + i : b; }
__global__ void step(P *a, P *b, const P *c, int n, int parity) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 >= n) return;
  const P *src = parity ? a : b;
  P *dst = parity ? b : a;
  P *own = (i & 1) ? dst + i : &dst[i];
  const P *opt = (n > 1) ? c : nullptr;
  const P *nest = (i & 2) ? ((i & 4) ? a : b + 1) : (c);
  dst[i].x = src[i].x + (n > 1 ? opt[i].y : 0.0f) + nest[i].x;
  own->y = sum2(parity ? a : b, i);
  P *w;
  w = (i & 1) ? a + i : b + i;
  w->id += 1;
  pick(a, b, i)->id -= 1;
}
int main() {
  int n = 1000;
  P *a, *b, *c;
  cudaMalloc(&a, n * sizeof(P)); cudaMalloc(&b, n * sizeof(P)); cudaMalloc(&c, n * sizeof(P));
  for (int s = 0; s < 4; s++)
    step<<<(n + 255) / 256, 256>>>(s % 2 ? b : a, s % 2 ? a : b, c, n, s & 1);
  P *last = (4 % 2) ? b : a;
  P *h = (P *)malloc(n * sizeof(P));
  cudaMemcpy(h, last, n * sizeof(P), cudaMemcpyDeviceToHost);
  cudaFree(a); cudaFree(b); cudaFree(c); free(h);
  return 0;
}
