// Issue 21, class 5: structs that declare constructors (none of them a
// default constructor: A; a user-provided default constructor with a body:
// B; one of constants only is no obstacle, ctor-constant-whole.cu), a
// destructor (C), or hold a field whose type has no default constructor
// (D) used to keep AoS for it ("it declares a constructor") wherever they
// were used.  Accessed field by field, no element is ever built or copied
// (in the original the device array is never constructed either), so each
// is rewritten.  kdlg_C_load and kdlg_C_store are not generated (they would
// run C's destructor once more); the loads of A, B and D build their
// element in raw storage, as no constructor of theirs may run there
// (ctor-constant-whole.cu).  The output compiles.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck %s
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:     KDLG_FN A kdlg_A_load(kdlg_view_A v, kdlg_index i) { alignas(A) unsigned char kd_b[sizeof(A)]; A &s = *reinterpret_cast<A *>(kd_b);
// CHECK:     KDLG_FN A kdlg_A_store(
// CHECK:     KDLG_FN B kdlg_B_load(kdlg_view_B v, kdlg_index i) { alignas(B) unsigned char kd_b[sizeof(B)];
// CHECK:     KDLG_FN B kdlg_B_store(
// CHECK-NOT: kdlg_C_load(
// CHECK-NOT: kdlg_C_store(
// CHECK:     KDLG_FN D kdlg_D_load(kdlg_view_D v, kdlg_index i) { alignas(D) unsigned char kd_b[sizeof(D)];
// CHECK:     KDLG_FN D kdlg_D_store(
// CHECK:      (*kdlg_A_f_x(a, (i))) += (*kdlg_A_f_y(a, (i)));
// CHECK-NEXT: (*kdlg_B_f_x(b, (i))) = (*kdlg_B_f_y(b, (i))) * 2.0f;
// CHECK-NEXT: (*kdlg_C_f_id(c, (i)))++;
// CHECK-NEXT: (*kdlg_D_f_w(d, (i))).a -= (*kdlg_D_f_x(d, (i)));
#include <cuda_runtime.h>
struct A { float x, y; int id;
  __host__ __device__ A(float v) : x(v), y(v), id(0) {} };
struct B { float x, y; int id;
  __host__ __device__ B() : x(0), y(0), id(-1) { y = 1.0f; }
  __host__ __device__ B(float v) : x(v), y(v), id(0) {} };
struct C { float x, y; int id;
  __host__ __device__ ~C() {} };
struct W { __host__ __device__ W(int) {} float a; };
struct D { float x; W w; int id; };

__global__ void k(A *a, B *b, C *c, D *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  a[i].x += a[i].y;
  b[i].x = b[i].y * 2.0f;
  c[i].id++;
  d[i].w.a -= d[i].x;
}

int main() {
  A *a; B *b; C *c; D *d;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&b, 100 * sizeof(B));
  cudaMalloc(&c, 100 * sizeof(C)); cudaMalloc(&d, 100 * sizeof(D));
  k<<<1, 100>>>(a, b, c, d, 100);
  cudaFree(a); cudaFree(b); cudaFree(c); cudaFree(d);
  return 0;
}
