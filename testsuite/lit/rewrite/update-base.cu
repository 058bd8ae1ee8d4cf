// Issue 21, class 3: the value of a pointer update used as the base of an
// access: `(q++)->x`, `*q++`, `q--->x`, `(q += 2)->a[1]`, `&(q -= 2)->id`,
// a comma ending in an update, an update in an index, `(w = o + i)[0]`,
// `(q = p)->x`.  The update became kdlg_S_post / _pre / a view assignment
// and the `->`, `[ ]` or `*` around it stayed: the output did not compile.
// Now the accessor (or the whole-element load / store) takes the rewritten
// update, in parentheses, as its view; the output compiles.  (Runtime
// checks: testsuite/opencl/kernels/update-base.cl,
// testsuite/cuda/progs/update_base.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: S s = kdlg_S_load((kdlg_S_post(&q, 1)), 0);
// CHECK-NEXT: kdlg_S_store((kdlg_S_post(&w, 1)), 0, s);
// CHECK-NEXT: (*kdlg_S_f_x((kdlg_S_post(&q, -1)), 0)) = 1.0f;
// CHECK-NEXT: (*kdlg_S_f_a((kdlg_S_pre(&q, (kdlg_index)(2))), 0))[1] += 2.0f;
// CHECK-NEXT: atomicAdd(&(*kdlg_S_f_id((kdlg_S_pre(&q, -(kdlg_index)(2))), 0)), 1);
// CHECK-NEXT: (*kdlg_S_f_y((g++, kdlg_S_post(&q, 1)), 0)) = (*kdlg_S_f_x((kdlg_S_pre(&w, 1)), (-1)));
// CHECK-NEXT: (*kdlg_S_f_y(w, ((*kdlg_S_f_id((kdlg_S_post(&q, 1)), 0)) & 0))) = 3.0f;
// CHECK-NEXT: S t = kdlg_S_load((w = kdlg_S_offset(o, (i))), (0));
// CHECK-NEXT: t.x += (*kdlg_S_f_x((q = p), 0));
// CHECK-NEXT: t.y += (*kdlg_S_f_x((kdlg_S_post(&q, 1)), (0)));
// CHECK-NEXT: t.y -= (*kdlg_S_f_y((kdlg_S_post(&q, -1)), 0));
#include <cuda_runtime.h>
struct S { float x; float y; float a[3]; int id; };
__device__ int g;
__global__ void k(S *p, S *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  S *q = p + i, *w = o + i;
  S s = *q++;
  *w++ = s;
  q--->x = 1.0f;
  (q += 2)->a[1] += 2.0f;
  atomicAdd(&(q -= 2)->id, 1);
  (g++, q++)->y = (++w)[-1].x;
  w[(q++)->id & 0].y = 3.0f;
  S t = (w = o + i)[0];
  t.x += (q = p)->x;
  t.y += q++[0].x;
  t.y -= (*q--).y;
  *(w + 0) = t;
}
int main() { S *d, *e; cudaMalloc(&d, 100 * sizeof(S)); cudaMalloc(&e, 100 * sizeof(S)); k<<<1, 100>>>(d, e, 100); cudaFree(d); return 0; }
