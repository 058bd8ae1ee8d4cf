// Issue 21, class 3: a field whose type cannot be assigned or
// default-initialised as a member (a nested struct with a const member, a
// const field, a nested struct with constructors but no default one): the
// generated whole-element load declares an element and assigns its fields
// one by one, so the output did not compile (A used to be rewritten).  Now
// A and C keep AoS, with a remark at the field.  B, whose field's type has
// no default constructor, is rewritten: its load builds the element in raw
// storage, running no constructor (ctor-constant-whole.cu; it used to keep
// AoS where an element is loaded whole).  The output compiles.  (A nested
// struct with a default constructor is fine: testsuite/cuda/progs/
// nested_fields.cu kind.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.dir/out.cu
// OUT: B t = kdlg_B_load(b, (i));
// CHECK: neg-field-unassignable.cu:[[@LINE+8]]:24: remark: struct 'A' keeps its AoS layout: the type of field 'in' has a const or reference member (the generated whole-element load and store assign fields one by one) [kdlg-rewrite]
// CHECK: neg-field-unassignable.cu:[[@LINE+9]]:31: remark: struct 'C' keeps its AoS layout: the type of field 'c' is const (the generated whole-element load and store assign fields one by one) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: struct 'B' ({{.*}}): rewritten
// CHECK: exit=0
#include <cuda_runtime.h>
struct In { const int c; float v; };
struct W { __host__ __device__ W(int) {} float a; };
struct A { float x; In in; float y; int id; };
struct B { float x; W w; float y; int id; };
struct C { float x; const int c; float y; };
__global__ void k(A *a, B *b, C *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a[i].x = a[i].y + a[i].in.v + a[i].in.c;
    B t = b[i];
    b[i].x = t.y + t.w.a;
    c[i].x = c[i].y + c[i].c;
  }
}
int main() {
  A *a; B *b; C *c;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&b, 100 * sizeof(B)); cudaMalloc(&c, 100 * sizeof(C));
  k<<<1, 100>>>(a, b, c, 100);
  cudaFree(a); cudaFree(b); cudaFree(c);
  return 0;
}
