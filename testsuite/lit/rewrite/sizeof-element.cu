// sizeof of a parenthesised element: the load keeps its parentheses
// (sizeof(*p) became `sizeofkdlg_P_load(p, 0)`, which does not compile).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck %s
// ERR-NOT: remark
// ERR:     exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
__global__ void k(P *p, size_t *out) {
  out[0] = sizeof(*p) + sizeof(p[0]) + sizeof (p[1]);
// CHECK: {{^}}  out[0] = sizeof(kdlg_P_load(p, 0)) + sizeof(kdlg_P_load(p, (0))) + sizeof (kdlg_P_load(p, (1)));{{$}}
  const P c = (p + 1)[0];
// CHECK: {{^}}  const P c = kdlg_P_load(p, (kdlg_index)(1) + (kdlg_index)(0));{{$}}
  p[0].x = c.y;
}
int main() {
  P *d;
  size_t *o;
  cudaMalloc(&d, 64 * sizeof(P));
  cudaMalloc(&o, sizeof(size_t));
  k<<<1, 1>>>(d, o);
  return 0;
}
