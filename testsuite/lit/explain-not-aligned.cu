// --explain on an AoS cluster whose alignment kdlg-opt's rule would raise
// (σ(c) = 4 B, a vector width, above its fields' 2 B) but does not: it is
// the struct's only cluster and its layout would then not be the identity
// (docs/design.md "Aligned AoS"); the plan has no "align".
struct T { char a; char b; short c; };

__global__ void k(T *t, int *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = t[id].a + t[id].b + t[id].c;
}

// RUN: %kdlg-opt-provisional %s --explain 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s --check-prefix=PLAN

// CHECK:      struct 'T' ({{.*}}explain-not-aligned.cu:5:8): 3 fields, 4 B, ε = 128 B, 1 cluster
// CHECK-NEXT:   cluster 0 {a, b, c}: σ = 4 B, σ_min = 1 B, φ = 1000‰ → AoS{{$}}
// CHECK-NEXT:     joined by: a-b δ=1 B, b-c δ=2 B{{$}}
// CHECK-NEXT:     not joined: none (the only cluster)
// CHECK-NEXT:     tree: σ(c) = 4 <= 16 → AoS
// CHECK-NEXT:     not aligned: σ(c) = 4 B would be one access, but the struct's one cluster would then not keep its bytes in place

// PLAN: cluster a,b,c bytes=4 layout=aos tile=1{{$}}
