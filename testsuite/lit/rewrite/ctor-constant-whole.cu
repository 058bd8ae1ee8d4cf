// Structs with user-provided default constructors, loaded whole in a
// kernel (`E s = e[i]`): the original copies the element, running no
// default constructor.  One of the device that only gives fields constant
// values (an empty body, member initialisers of literals and braces: E,
// `__host__ __device__ E() : pos{}, m{0.0f}, ... {}`) may run on the load's
// new element, which `E s;` declares before every field is assigned.  One
// whose initialiser calls a function (F), whose body does anything (G) or
// that is the host's only (H, HeCBench nbody's `Particle() : pos{}, vel{},
// acc{}, mass{} {}`: called on the device, which nvcc only warns about, it
// gave NaN energies on an H200) must not: their loads build the element in
// an unsigned char array (C++ creates an object of such a type there, as
// its copy and destructor are trivial), running no constructor, as the
// original's copy does.  Before, F, G and H kept AoS.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// CHECK-NOT: remark
// CHECK: 4 structs: 4 rewritten, 0 kept in AoS
// CHECK: exit=0
// RUN: grep '_load(kdlg_view' %t.dir/out.cu | FileCheck %s --check-prefix=LOAD
// LOAD: KDLG_FN E kdlg_E_load(kdlg_view_E v, kdlg_index i) { E s;
// LOAD: KDLG_FN F kdlg_F_load(kdlg_view_F v, kdlg_index i) { alignas(F) unsigned char kd_b[sizeof(F)]; F &s = *reinterpret_cast<F *>(kd_b); s.x = *kdlg_F_f_x(v, i); s.y = *kdlg_F_f_y(v, i); return s; }
// LOAD: KDLG_FN G kdlg_G_load(kdlg_view_G v, kdlg_index i) { alignas(G) unsigned char kd_b[sizeof(G)]; G &s = *reinterpret_cast<G *>(kd_b);
// LOAD: KDLG_FN H kdlg_H_load(kdlg_view_H v, kdlg_index i) { alignas(H) unsigned char kd_b[sizeof(H)]; H &s = *reinterpret_cast<H *>(kd_b);
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
