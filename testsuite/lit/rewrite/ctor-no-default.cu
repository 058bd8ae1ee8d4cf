// A struct that declares constructors but no default one, loaded whole in
// a kernel (`V2 a = p[i]`, and `q[i]` given by value to its operator+):
// the generated whole-element load cannot declare an element (`V2 s;` does
// not compile; review finding: small vector types with constructors became
// non-compiling output once aligned AoS rewrote them by default), so it
// builds the element in raw storage (an unsigned char array; V2's copy and
// destructor are trivial), running no constructor, as the original's copy
// does.  Before, V2 kept AoS where it was loaded whole.  The output
// compiles, in every layout.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s -o %t.dir/auto.cu 2>&1 | FileCheck %s
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/soa.cu 2>&1 | FileCheck %s
// CHECK-NOT: remark
// CHECK: struct 'V2' ({{.*}}): rewritten
// CHECK: exit=0
// RUN: FileCheck %s --check-prefix=LOAD --input-file %t.dir/soa.cu
// LOAD: KDLG_FN V2 kdlg_V2_load(kdlg_view_V2 v, kdlg_index i) { alignas(V2) unsigned char kd_b[sizeof(V2)]; V2 &s = *reinterpret_cast<V2 *>(kd_b);
// LOAD: if (i < n) { V2 a = kdlg_V2_load(p, (i)); kdlg_V2_store(p, (i), a + kdlg_V2_load(q, (i))); }
// RUN: %nvcc -c %t.dir/soa.cu -o %t.dir/soa.o
// RUN: %nvcc -c %t.dir/auto.cu -o %t.dir/auto.o
struct V2 {
  float x, y;
  __host__ __device__ V2(float a, float b) : x(a), y(b) {}
  __host__ __device__ V2 operator+(V2 o) const { return V2(x + o.x, y + o.y); }
};
__global__ void k(V2 *p, const V2 *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { V2 a = p[i]; p[i] = a + q[i]; }
}
int main() {
  V2 *p, *q;
  cudaMalloc((void **)&p, 64 * sizeof(V2));
  cudaMalloc((void **)&q, 64 * sizeof(V2));
  k<<<1, 64>>>(p, q, 64);
  return 0;
}
