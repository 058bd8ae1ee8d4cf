// More spellings of decltype that keep the struct AoS (found by review;
// each was rewritten into `float &` aliasing the field, or a changed type
// test, a silent wrong result): A `__decltype`; B a macro whose
// definition spells decltype on a continuation line; C a macro defined on
// the command line (the declaration's type names the view: the AST check);
// D `std::is_same_v<decltype(p), P *>` (decltype of the view alone changes
// type outside a view's own declaration).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu -- '-DTYPEOF(e)=decltype(e)' 2>&1 | FileCheck %s
// CHECK-DAG: remark: struct 'A' keeps its AoS layout: 'a' is named in a decltype or typeof
// CHECK-DAG: remark: struct 'B' keeps its AoS layout: a macro's definition spells decltype or typeof, and 'b' may reach its operand
// CHECK-DAG: remark: struct 'C' keeps its AoS layout: a pointer to it is named in a declaration's type (decltype or typeof), whose type would become a reference to the new layout's field
// CHECK-DAG: remark: struct 'D' keeps its AoS layout: 'd' is named in a decltype or typeof
// CHECK: exit=0
// RUN: sed '/^#define DT/,/CONT_MACRO/d; /CONT_MACRO/d' %s > %t.dir/nomacro.cu
// RUN: %exitcode %kdlg-opt %t.dir/nomacro.cu --layout soa -o %t.dir/out2.cu -- '-DTYPEOF(e)=decltype(e)' 2>&1 | FileCheck %s --check-prefix=NOMACRO
// NOMACRO-DAG: remark: struct 'A' keeps its AoS layout: 'a' is named in a decltype or typeof
// NOMACRO-DAG: remark: struct 'C' keeps its AoS layout: a pointer to it is named in a declaration's type (decltype or typeof), whose type would become a reference to the new layout's field
// NOMACRO-DAG: remark: struct 'D' keeps its AoS layout: 'd' is named in a decltype or typeof
// NOMACRO: exit=0
#include <type_traits>
#define DT(e) \
  decltype(e) // CONT_MACRO
struct A { float x, y; };
__global__ void ka(A *a) { int i = threadIdx.x; __decltype(a[i].x) t = a[i].y; t = t * 2.0f; a[i].x = t; }
struct B { float x, y; };
__global__ void kb(B *b) { int i = threadIdx.x; DT(b[i].x) t = b[i].y; t = t * 2.0f; b[i].x = t; } // CONT_MACRO
struct C { float x, y; };
__global__ void kc(C *c) { int i = threadIdx.x; TYPEOF(c[i].x) t = c[i].y; t = t * 2.0f; c[i].x = t; }
struct D { float x, y; };
__global__ void kd(D *d) {
  int i = threadIdx.x;
  if constexpr (std::is_same_v<decltype(d), D *>) d[i].y = d[i].x; else d[i].y = 0.0f;
}
int main() {
  A *a; B *b; C *c; D *d;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B));
  cudaMalloc(&c, 64 * sizeof(C)); cudaMalloc(&d, 64 * sizeof(D));
  ka<<<1, 64>>>(a); kc<<<1, 64>>>(c); kd<<<1, 64>>>(d);
  kb<<<1, 64>>>(b); // CONT_MACRO
}
