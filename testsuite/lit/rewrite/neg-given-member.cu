// A device pointer kept in a member of a struct or class is not followed:
// a kernel given it keeps the struct in AoS, with a remark that names the
// member (it said "does not come from a kernel argument or cudaMalloc").
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-given-member.cu:[[@LINE+15]]:29: remark: struct 'S' keeps its AoS layout: 'p' is given member 'data' (pointers stored in a struct or class are not followed), and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
class Sim {
public:
  S *data;
  int n;
  Sim(int m) : n(m) { cudaMalloc(&data, n * sizeof(S)); }
  ~Sim() { cudaFree(data); }
  void run() { k<<<1, 64>>>(data, n); }
};
int main() {
  Sim s(64);
  s.run();
  return 0;
}
