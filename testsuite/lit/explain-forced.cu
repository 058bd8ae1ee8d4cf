// --explain with --layout soa: the layout is the user's.  The explanation
// says so and gives no tree path and no joined edges, only the clusters
// (one, of every field) with their σ, σ_min, φ and the forced layout.
// σ = 4 + 4 + 8 = 16 B, σ_min = 4 B; every field loaded once: φ = 1000‰.
struct F { int a; int b; double c; };

__global__ void k(F *f, double *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = f[id].a + f[id].b + f[id].c;
}

// RUN: %kdlg-opt-provisional %s --layout soa --explain 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %kdlg-opt-provisional %s --layout soa --emit-plan - | %plancheck | FileCheck %s --check-prefix=PLAN

// CHECK:      struct 'F' ({{.*}}explain-forced.cu:5:8): 3 fields, 16 B, ε = 128 B, 1 cluster, forced by --layout or --plan-in (no decision tree)
// CHECK-NEXT:   cluster 0 {a, b, c}: σ = 16 B, σ_min = 4 B, φ = 1000‰ → SoA (forced)
// CHECK-NOT:  joined
// CHECK-NOT:  tree:

// PLAN: cluster a,b,c bytes=16 layout=soa tile=null
