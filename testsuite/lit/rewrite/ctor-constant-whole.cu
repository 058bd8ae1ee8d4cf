// A user-provided default constructor of the device that only gives fields
// constant values (an empty body, member initialisers of literals and
// braces: `__host__ __device__ E() : pos{}, m{0.0f}, ... {}`) no longer
// keeps a struct loaded whole AoS: the generated load runs it on a new
// element and then assigns every field, the value the original's copy
// gives, and nothing else happens.  A constructor whose initialiser calls a
// function (F) or whose body does anything (G) still keeps its struct AoS
// (and the cases of neg-ctor-whole.cu), and so does one of the host only
// (H, HeCBench nbody's `Particle() : pos{}, vel{}, acc{}, mass{} {}`: the
// generated load, __host__ __device__, called it on the device, which nvcc
// only warns about, and the kernel computed NaN energies on an H200).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// CHECK-DAG: remark: struct 'F' keeps its AoS layout: an element is loaded whole and it has a user-provided default constructor
// CHECK-DAG: remark: struct 'G' keeps its AoS layout: an element is loaded whole and it has a user-provided default constructor
// CHECK-DAG: remark: struct 'H' keeps its AoS layout: an element is loaded whole and it has a user-provided default constructor
// CHECK-DAG: struct 'E' ({{.*}}): rewritten
// CHECK: 4 structs: 1 rewritten, 3 kept in AoS
// CHECK: exit=0
#include <cuda_runtime.h>
__host__ __device__ inline float one() { return 1.0f; }
struct E {
  __host__ __device__ E() : pos{}, m{0.0f}, n(-1), c('a'), f{1.5f, -2.0f} {}
  float pos[3];
  float m;
  int n;
  char c;
  float f[2];
};
struct F { __host__ __device__ F() : x(one()) {} float x, y; };
struct G { __host__ __device__ G() : x(0) { y = 1.0f; } float x, y; };
struct H { H() : x{}, y{} {} float x, y; };
__global__ void k(E *e, F *f, G *g, H *h, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 >= n) return;
  E s = e[i];
  e[i + 1].m = s.pos[1] + s.f[0];
  F t = f[i];
  f[i + 1].y = t.x;
  G u = g[i];
  g[i + 1].x = u.y;
  H v = h[i];
  h[i + 1].x = v.y;
}
int main() {
  E *e; F *f; G *g; H *h;
  cudaMalloc(&e, 64 * sizeof(E)); cudaMalloc(&f, 64 * sizeof(F)); cudaMalloc(&g, 64 * sizeof(G));
  cudaMalloc(&h, 64 * sizeof(H));
  k<<<1, 64>>>(e, f, g, h, 64);
  return 0;
}
