// --explain on AoS clusters whose alignment kdlg-opt's rule would raise
// (σ(c) = 4 B, a vector width, above its fields' 2 B) but does not
// (docs/design.md "Aligned AoS"): T is read field by field only, so whole
// elements move in none of its accesses and it stays as written; U is copied
// whole, but it is the struct's only cluster and its layout would then not
// be the identity.  Neither plan has an "align".
struct T { char a; char b; short c; };
struct U { char a; char b; short c; };

__global__ void k(T *t, U *u, int *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = t[id].a + t[id].b + t[id].c;
  U v = u[id];
  v.c += v.a;
  u[id] = v;
}

// RUN: %kdlg-opt-provisional %s --explain 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s --check-prefix=PLAN

// CHECK:      struct 'T' ({{.*}}explain-not-aligned.cu:7:8): 3 fields, 4 B, ε = 128 B, 1 cluster
// CHECK-NEXT:   cluster 0 {a, b, c}: σ = 4 B, σ_min = 1 B, φ = 1000‰ → AoS{{$}}
// CHECK-NEXT:     joined by: a-b δ=1 B, b-c δ=2 B{{$}}
// CHECK-NEXT:     not joined: none (the only cluster)
// CHECK-NEXT:     tree: σ(c) = 4 <= 16 → AoS
// CHECK-NEXT:     not aligned: σ(c) = 4 B would be one access, but whole elements move in 0.0 % of its accesses (by executions), less than half: field accesses are as wide either way, and the struct stays as it is
// CHECK:      struct 'U' ({{.*}}explain-not-aligned.cu:8:8): 3 fields, 4 B, ε = 128 B, 1 cluster
// CHECK:          not aligned: σ(c) = 4 B would be one access, but the struct's one cluster would then not keep its bytes in place

// PLAN: cluster a,b,c bytes=4 layout=aos tile=1{{$}}
// PLAN: cluster a,b,c bytes=4 layout=aos tile=1{{$}}
