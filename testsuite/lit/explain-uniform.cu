// --explain on a uniform struct (every access indexed by blockIdx only: a
// broadcast): one AoS cluster by kdlg-opt's uniform rule, no tree, and the
// ε-partition it would have had (what --layout split takes).  Stream: lo hi
// (4 B each), then 64 × other, then tag: δ(lo,hi) = 4, δ(hi,tag) = 64 · 4 +
// 4 = 260 ≥ 128: the ε-partition is {lo, hi} {tag}.
struct Cfg { float lo; float hi; int tag; };

__global__ void k(const Cfg *cfg, const float *other, float *out) {
  int b = blockIdx.x;
  float x = cfg[b].lo + cfg[b].hi;
  for (int i = 0; i < 64; i++)
    x += other[i];
  out[b * blockDim.x + threadIdx.x] = x + cfg[b].tag;
}

// RUN: %kdlg-opt-provisional %s --explain 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s --check-prefix=PLAN

// CHECK:      remark: struct 'Cfg': every access is uniform
// CHECK:      struct 'Cfg' ({{.*}}explain-uniform.cu:6:8): 3 fields, 12 B, ε = 128 B, 1 cluster, uniform (no decision tree)
// CHECK-NEXT:   uniform: every access is uniform across a work-group (a broadcast): no layout improves its coalescing; kept in one AoS cluster
// CHECK-NEXT:   ε-partition, not used: 2 clusters {lo, hi} {tag}
// CHECK-NEXT:     joined by: lo-hi δ=4 B{{$}}
// CHECK-NEXT:   cluster 0 {lo, hi, tag}: σ = 12 B, σ_min = 4 B, φ = 1000‰ → AoS (uniform rule)
// CHECK-NOT:  tree:

// PLAN:      edge lo hi 4
// PLAN-NEXT: edge hi tag 260
// PLAN:      cluster lo,hi,tag bytes=12 layout=aos tile=1{{$}}
// PLAN-NEXT: uniform true
