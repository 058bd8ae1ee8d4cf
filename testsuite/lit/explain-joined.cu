// --explain: the KDLG edges ε-Kruskal joined a cluster by (its spanning
// tree, smallest δ first) and the smallest δ to another cluster.
// Stream per thread: x y z (loads), then vx vy (loads), then 1000 × other,
// then mass.  δ(x,y) = δ(y,z) = δ(z,vx) = δ(vx,vy) = 4, δ(x,z) = 8, ...,
// δ(x,vy) = 16, all < 128: {x, y, z, vx, vy}.  mass comes 1000 × 4 + 4 =
// 4004 B after vy: alone.  The spanning tree takes the four 4-B edges; the
// longer edges inside the cluster (x-z δ=8, ...) joined nothing.
struct P { float x, y, z, vx, vy, mass; };

__global__ void k(P *p, const float *other, float *out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  float a = p[id].x + p[id].y + p[id].z;
  float b = p[id].vx + p[id].vy;
  for (int i = 0; i < 1000; i++)
    a += other[i];
  out[id] = a + b + p[id].mass;
}

// RUN: %kdlg-opt-provisional %s --explain 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s --check-prefix=PLAN

// CHECK:      struct 'P' ({{.*}}explain-joined.cu:8:8): 6 fields, 24 B, ε = 128 B, 2 clusters
// CHECK-NEXT:   cluster 0 {x, y, z, vx, vy}: σ = 20 B, σ_min = 4 B, φ = 1000‰ → SoA
// CHECK-NEXT:     joined by: x-y δ=4 B, y-z δ=4 B, z-vx δ=4 B, vx-vy δ=4 B{{$}}
// CHECK-NEXT:     not joined: vy-mass δ=4004 B ≥ ε (cluster 1)
// CHECK-NEXT:     tree: σ(c) = 20 > 16 → SoA
// CHECK-NEXT:   cluster 1 {mass}: σ = 4 B, σ_min = 4 B, φ = 1000‰ → AoS
// CHECK-NEXT:     joined by: none (one field)
// CHECK-NEXT:     not joined: vy-mass δ=4004 B ≥ ε (cluster 0)
// CHECK-NEXT:     tree: σ(c) = 4 <= 16 → AoS

// The edges and clusters of the plan.
// PLAN:      edge x y 4
// PLAN-NEXT: edge y z 4
// PLAN-NEXT: edge z vx 4
// PLAN-NEXT: edge vx vy 4
// PLAN:      edge vy mass 4004
// PLAN:      cluster x,y,z,vx,vy bytes=20 layout=soa
// PLAN-NEXT: cluster mass bytes=4 layout=aos
