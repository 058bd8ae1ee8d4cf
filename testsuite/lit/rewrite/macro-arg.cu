// Issue 21, class 4: an access spelled inside a macro *argument* whose body
// puts the argument in parentheses (`#define TWICE(e) ((e) + (e))`) kept the
// struct AoS with "an access is spelled inside a macro", although the
// argument's text is in the file (docs/rewriter.md).  The edit now goes into
// the argument's text; a body that uses the argument twice expands the
// rewritten text twice, as it did the original (`TWICE((q++)->z)` still
// steps q twice).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: FileCheck %s < %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// REMARKS-NOT: remark
// REMARKS: exit=0
// CHECK: P: epsilon 128 B; {x,y,z,w,a,b,c} 28 B SoA -> rewritten
#include <cuda_runtime.h>
#define TWICE(e) ((e) + (e))
#define SCALE(e) (2 * (e))
#define INC_BOTH(a) ((a)++, (a) += 1)
#define ATOM(e) atomicAdd(&(e), 1)
#define LOAD(e) e
#define COPY(d, s) ((d) = (s))
struct P { float x, y, z, w, a, b; int c; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  P *q = p + i;
  // CHECK: (*kdlg_P_f_x(p, (i))) = TWICE((*kdlg_P_f_y(p, (i)))) + TWICE((*kdlg_P_f_z((kdlg_P_post(&q, 1)), 0)));
  p[i].x = TWICE(p[i].y) + TWICE((q++)->z);
  // CHECK: (*kdlg_P_f_y(p, (i))) = SCALE((*kdlg_P_f_x(p, (i))));
  p[i].y = SCALE(p[i].x);
  // CHECK: INC_BOTH((*kdlg_P_f_w(p, (i))));
  INC_BOTH(p[i].w);
  // CHECK: ATOM((*kdlg_P_f_c(p, (i))));
  ATOM(p[i].c);
  // CHECK: P e = LOAD(kdlg_P_load(p, ((i + 1) % n)));
  P e = LOAD(p[(i + 1) % n]);
  // CHECK: COPY((*kdlg_P_f_a(p, (i))), e.b);
  COPY(p[i].a, e.b);
  // CHECK: COPY(e, kdlg_P_load(p, (i)));
  COPY(e, p[i]);
  p[i].b = e.a;
}
int main() {
  P *d;
  cudaMalloc(&d, 100 * sizeof(P));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
