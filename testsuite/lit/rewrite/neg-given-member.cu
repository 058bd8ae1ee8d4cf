// A device pointer kept in an array member of a struct or class (ping-pong
// buffers as `S *buf[2]`) is not followed (a single member is:
// holder-member.cu): a kernel given one keeps the struct in AoS, with a
// remark that names the array.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-given-member.cu:[[@LINE+15]]:29: remark: struct 'S' keeps its AoS layout: 'p' is given an element of array 'buf' (pointers stored in an array are not followed), and it also holds the struct's device data [kdlg-rewrite]
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
  S *buf[2];
  int n;
  Sim(int m) : n(m) { cudaMalloc(&buf[0], n * sizeof(S)); }
  ~Sim() { cudaFree(buf[0]); }
  void run() { k<<<1, 64>>>(buf[0], n); }
};
int main() {
  Sim s(64);
  s.run();
  return 0;
}
