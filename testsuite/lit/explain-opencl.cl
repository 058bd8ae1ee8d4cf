// --explain on OpenCL: the same explanation as for CUDA (the paper's Fig. 2
// kernel, OpenCL spelling; fig2.cl).  Stream: 32 × {a b}, then c:
// δ(a,b) = 4, δ(b,c) = 31 · 8 + 4 = 252, δ(a,c) = 256; d never accessed.
// ε = 128: {a, b} (8 B, aligned to 8 by kdlg-opt's rule), {c}, {d}.
typedef struct { int a; int b; int c; int d; } S;

__kernel void k(__global S *s, __global int *out) {
  int id = get_global_id(0);
  int x = 0;
  for (int i = 0; i < 32; i++) { x += s[i].a; x += s[i].b; }
  out[id] = x + s[id].c;
}

// RUN: %kdlg-opt-provisional %s --explain 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s --check-prefix=PLAN

// CHECK:      struct 'S' ({{.*}}explain-opencl.cl:5:9): 4 fields, 16 B, ε = 128 B, 3 clusters
// CHECK-NEXT:   cluster 0 {a, b}: σ = 8 B, σ_min = 4 B, φ = 1000‰ → AoS aligned 8
// CHECK-NEXT:     joined by: a-b δ=4 B{{$}}
// CHECK-NEXT:     not joined: b-c δ=252 B ≥ ε (cluster 1)
// CHECK-NEXT:     tree: σ(c) = 8 <= 16 → AoS
// CHECK-NEXT:     aligned: 8 B = σ(c), above its fields' 4 B
// CHECK-NEXT:   cluster 1 {c}: σ = 4 B, σ_min = 4 B, φ = 1000‰ → AoS
// CHECK-NEXT:     joined by: none (one field)
// CHECK-NEXT:     not joined: b-c δ=252 B ≥ ε (cluster 0)
// CHECK-NEXT:     tree: σ(c) = 4 <= 16 → AoS
// CHECK-NEXT:   cluster 2 {d}: σ = 4 B, σ_min = 4 B, φ = 1000‰ → AoS
// CHECK-NEXT:     joined by: none (one field)
// CHECK-NEXT:     not joined: no KDLG edge to another cluster
// CHECK-NEXT:     tree: σ(c) = 4 <= 16 → AoS

// PLAN:      language cl
// PLAN:      edge a b 4
// PLAN-NEXT: edge b c 252
// PLAN-NEXT: edge a c 256
// PLAN-NEXT: cluster a,b bytes=8 layout=aos tile=1 align=8
// PLAN-NEXT: cluster c bytes=4 layout=aos tile=1{{$}}
// PLAN-NEXT: cluster d bytes=4 layout=aos tile=1{{$}}
