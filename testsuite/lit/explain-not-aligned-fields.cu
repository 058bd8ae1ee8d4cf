// A struct whose plan is one AoS cluster of a vector size above its fields'
// alignment is aligned only where whole elements move in at least half of
// its accesses (docs/design.md "Aligned AoS"): E {short src, dst} (HeCBench
// rsmt's edge) is read field by field in a loop and stored whole once, so
// it stays as written (0.974x the original on an H200 when aligned); F,
// copied whole in the loop, is aligned 4.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %kdlg-opt-provisional %s --explain -o %t.dir/out.cu 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.dir/out.cu
// RUN: %kdlg-opt-provisional %s --emit-plan - -o %t.dir/out2.cu | %plancheck | FileCheck %s --check-prefix=PLAN
// CHECK:      struct 'E' ({{.*}}explain-not-aligned-fields.cu:[[@LINE+15]]:8): 2 fields, 4 B, ε = 128 B, 1 cluster
// CHECK:        not aligned: σ(c) = 4 B would be one access, but whole elements move in 0.8 % of its accesses (by executions), less than half: field accesses are as wide either way, and the struct stays as it is
// CHECK:      struct 'F' ({{.*}}explain-not-aligned-fields.cu:[[@LINE+14]]:8): 2 fields, 4 B, ε = 128 B, 1 cluster
// CHECK:        aligned: 4 B = σ(c), above its fields' 2 B, so that an element moves as one access
// CHECK:      kdlg-opt: struct 'E' {{.*}}: kept in AoS: the device model selects AoS for its one cluster (σ(c) = 4 B; --explain says why)
// CHECK:      kdlg-opt: struct 'F' {{.*}}: rewritten: {src, dst} AoS aligned 4
// OUT:        E: epsilon 128 B; {src,dst} 4 B AoS -> AoS (unchanged)
// OUT:        F: epsilon 128 B; {src,dst} 4 B AoS aligned 4 -> rewritten
// OUT:        __global__ void k(E *e, kdlg_view_F f, int n, int *out) {
// OUT:          for (int j = 0; j < 64; j++)
// OUT-NEXT:       s += e[(i + j) % n].src - e[(i + j) % n].dst;
// PLAN:       struct E bytes=4 fields=2
// PLAN:       cluster src,dst bytes=4 layout=aos tile=1{{$}}
// PLAN:       struct F bytes=4 fields=2
// PLAN:       cluster src,dst bytes=4 layout=aos tile=1 align=4
struct E { short src, dst; };
struct F { short src, dst; };

__global__ void k(E *e, F *f, int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int s = 0;
  for (int j = 0; j < 64; j++)
    s += e[(i + j) % n].src - e[(i + j) % n].dst;
  for (int j = 0; j < 64; j++) {
    F t = f[(i + j) % n];
    s += t.src * t.dst;
  }
  e[i] = E{(short)s, 1};
  out[i] = s;
}

int main() {
  E *e; F *f; int *o;
  cudaMalloc((void **)&e, 64 * sizeof(E));
  cudaMalloc((void **)&f, 64 * sizeof(F));
  cudaMalloc((void **)&o, 64 * sizeof(int));
  k<<<1, 64>>>(e, f, 64, o);
  return 0;
}
