// Issue 21, class 5: a local reference to an element used in a lambda.  A
// copy capture (`[=]`) copies the element, a view copies none (the lambda
// would read the element as it is when called, not when captured), and a
// capture is not rewritten; so any use in a lambda declared after the
// reference keeps the struct in AoS, with a remark at the use.  (A
// reference declared inside the lambda is rewritten.)  The output is the
// input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ref-lambda.cu:[[@LINE+11]]:13: remark: struct 'A' keeps its AoS layout: reference 'r' to an element is used in a lambda (a capture of it is not rewritten) [kdlg-rewrite]
// CHECK: neg-ref-lambda.cu:[[@LINE+14]]:20: remark: struct 'B' keeps its AoS layout: reference 's' to an element is used in a lambda (a capture of it is not rewritten) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int id; };
struct B { float x; float y; int id; };
__global__ void k(A *a, B *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  A &r = a[i];
  auto f = [=]() { return r.x; };
  a[i].x = 2.0f;
  a[i].y = f();
  B &s = b[i];
  auto g = [&]() { s.x = 1.0f; };
  g();
}
int main() {
  A *a; B *b;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&b, 100 * sizeof(B));
  k<<<1, 100>>>(a, b, 100);
  cudaFree(a); cudaFree(b);
  return 0;
}
