// Issue 21, class 5: structs with user code in their special members,
// loaded or stored whole.  The generated load declares an element (its
// default constructor runs), assigns the fields and returns it (a copy);
// the generated store takes the element by value (a copy) and assigns the
// fields.  The original runs the copy constructor or the assignment
// operator instead.  So a user-provided copy constructor (B, loaded),
// assignment operator (C, stored) or destructor (D, stored) would run where
// the original does not, or not run where it does: each keeps AoS where it
// is loaded or stored whole, with a remark there (field by field they are
// rewritten: ctor-fieldwise.cu).  A user-provided default constructor (A)
// is no obstacle: the load builds its element in raw storage, running no
// constructor, as the original's copy does (ctor-constant-whole.cu).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: neg-ctor-whole.cu:[[@LINE+23]]:9: remark: struct 'B' keeps its AoS layout: an element is loaded whole and it has a user-provided copy or move constructor (the generated load and store copy field by field, and copy the element once more) [kdlg-rewrite]
// CHECK: neg-ctor-whole.cu:[[@LINE+26]]:3: remark: struct 'C' keeps its AoS layout: an element is stored whole and it has a user-provided assignment operator (the generated store assigns field by field) [kdlg-rewrite]
// CHECK: neg-ctor-whole.cu:[[@LINE+28]]:3: remark: struct 'D' keeps its AoS layout: an element is stored whole and it has a user-provided destructor (the generated load and store destroy a copy more) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: struct 'A' ({{.*}}): rewritten
// CHECK: exit=0
#include <cuda_runtime.h>
__device__ int g_count;
struct A { float x, y; int id;
  __host__ __device__ A() : x(0), y(0), id(0) { atomicAdd(&g_count, 1); } };
struct B { float x, y; int id;
  B() = default;
  __host__ __device__ B(const B &o) : x(o.x), y(o.y), id(o.id + 1) {} };
struct C { float x, y; int id;
  __host__ __device__ C &operator=(const C &o) { x = o.x; y = o.y; id = o.id; atomicAdd(&g_count, 1); return *this; } };
struct D { float x, y; int id;
  __host__ __device__ ~D() { atomicAdd(&g_count, 1); } };

__global__ void k(A *a, B *b, C *c, D *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 >= n) return;
  A s = a[i];
  a[i + 1].x = s.y;
  B t = b[i];
  b[i + 1].y = t.x;
  C u;
  u.x = c[i].y;
  c[i + 1] = u;
  D w;
  w.x = d[i].y;
  d[i + 1] = w;
}

int main() {
  A *a; B *b; C *c; D *d;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&b, 100 * sizeof(B));
  cudaMalloc(&c, 100 * sizeof(C)); cudaMalloc(&d, 100 * sizeof(D));
  k<<<1, 100>>>(a, b, c, d, 100);
  cudaFree(a); cudaFree(b); cudaFree(c); cudaFree(d);
  return 0;
}
