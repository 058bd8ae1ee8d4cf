// A preprocessor directive between the declarators of a declaration with a
// pointer to the struct: splitting rewrites the text between declarators,
// which would drop the directive (a review found an orphan #endif that nvcc
// rejects, and a balanced #ifdef silently resolved to the parsed branch).
// The struct keeps its AoS layout, with a remark, and the output is the
// input behind the plan comment.  (The directive's branch is the parsed one:
// a view named in a skipped branch is refused before, by
// neg-hidden-use.cu's check.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-multi-decl-directive.cu:[[@LINE+7]]:8: remark: struct 'P' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (a preprocessor directive is inside it) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
__global__ void k(P *p, int n) {
  int i = threadIdx.x;
  if (i < n) {
    P *a = p + i,
#if 1
      *b = p + 1;
#endif
    a->x += b->y;
  }
}
int main() {
  P *d;
  cudaMalloc(&d, 64 * sizeof(P));
  k<<<1, 64>>>(d, 64);
  return 0;
}
