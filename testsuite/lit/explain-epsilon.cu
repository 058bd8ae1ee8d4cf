// --explain with --epsilon: which edges join depends on ε (strict: an edge
// joins iff δ < ε).  Stream per thread: a b (4 B each) then c d (8 B each):
// δ(a,b) = 4, δ(b,c) = 8, δ(c,d) = 8, δ(a,c) = 12, δ(b,d) = 16, δ(a,d) = 20.
// Default ε = 128: one cluster joined by a-b, b-c, c-d.  ε = 8: only a-b
// (δ = 8 is not < 8): {a, b} {c} {d}.
struct Q { float a, b; double c, d; };

__global__ void k(Q *q, double *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = q[id].a + q[id].b + q[id].c + q[id].d;
}

// RUN: %kdlg-opt-provisional %s --explain 2>%t.default
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.default
// RUN: %kdlg-opt-provisional %s --explain --epsilon 8 2>%t.eps8
// RUN: FileCheck %s --check-prefix=EPS8 < %t.eps8
// RUN: %kdlg-opt-provisional %s --epsilon 8 --emit-plan - | %plancheck | FileCheck %s --check-prefix=PLAN

// DEFAULT:      struct 'Q' ({{.*}}explain-epsilon.cu:6:8): 4 fields, 24 B, ε = 128 B, 1 cluster
// DEFAULT-NEXT:   cluster 0 {a, b, c, d}: σ = 24 B, σ_min = 4 B, φ = 1000‰ → SoA
// DEFAULT-NEXT:     joined by: a-b δ=4 B, b-c δ=8 B, c-d δ=8 B{{$}}
// DEFAULT-NEXT:     not joined: none (the only cluster)

// EPS8:      struct 'Q' ({{.*}}explain-epsilon.cu:6:8): 4 fields, 24 B, ε = 8 B, 3 clusters
// EPS8-NEXT:   cluster 0 {a, b}: σ = 8 B, σ_min = 4 B, φ = 1000‰ → AoS aligned 8
// EPS8-NEXT:     joined by: a-b δ=4 B{{$}}
// EPS8-NEXT:     not joined: b-c δ=8 B ≥ ε (cluster 1)
// EPS8:        cluster 1 {c}: σ = 8 B, σ_min = 8 B, φ = 1000‰ → AoS
// EPS8-NEXT:     joined by: none (one field)
// EPS8-NEXT:     not joined: b-c δ=8 B ≥ ε (cluster 0)
// EPS8:        cluster 2 {d}: σ = 8 B, σ_min = 8 B, φ = 1000‰ → AoS
// EPS8-NEXT:     joined by: none (one field)
// EPS8-NEXT:     not joined: c-d δ=8 B ≥ ε (cluster 1)

// PLAN:      struct Q bytes=24 fields=4 epsilon=8
// PLAN:      edge a b 4
// PLAN-NEXT: edge b c 8
// PLAN-NEXT: edge c d 8
// PLAN:      cluster a,b bytes=8 layout=aos tile=1 align=8
// PLAN-NEXT: cluster c bytes=8 layout=aos tile=1{{$}}
// PLAN-NEXT: cluster d bytes=8 layout=aos tile=1{{$}}
