// --explain: the decision tree's path for a cluster in auto mode, each test
// with its attribute, the cluster's value, the threshold and the branch.
// Inputs/explain-model.json: σ(c) <= 4 → AoS; else σ_min(c) <= 4 → (φ(c)
// <= 500 → tiled 32, else SoA); else SoA.
//
// Opt's fields are 8 + 4 + 2 + 4 B, read s, x, t then written call, one
// access each, so ε = 128 joins all four:
//   σ(c)     = 18 B (the fields' bytes; sizeof(Opt) = 24 with padding)
//   σ_min(c) = 2 B (t)
//   φ(c)     = (14 B loaded + 4 B stored) / (2 · 18 B) = 500‰
// σ(c) 18 > 4, σ_min 2 <= 4, φ 500 <= 500: tiled-AoS, tile 32.
struct Opt { double s; float x; short t; float call; };

__global__ void price(Opt *o) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  o[id].call = o[id].s * o[id].x + o[id].t;
}

// RUN: %kdlg-opt %s --device-model %inputs/explain-model.json --explain 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %kdlg-opt %s --device-model %inputs/explain-model.json --emit-plan - | FileCheck %s --check-prefix=PLAN

// CHECK:      explain: device model 'explain test (three attributes)' ({{.*}}explain-model.json)
// CHECK-NEXT: struct 'Opt' ({{.*}}explain-tree.cu:12:8): 4 fields, 24 B, ε = 128 B, 1 cluster
// CHECK-NEXT:   cluster 0 {s, x, t, call}: σ = 18 B, σ_min = 2 B, φ = 500‰ → tiled-AoS tile 32
// CHECK:          tree: σ(c) = 18 > 4 → σ_min(c) = 2 <= 4 → φ(c) = 500 <= 500 → tiled-AoS tile 32
// CHECK-NOT:  cluster 1

// The same values in the plan.
// PLAN:      "bytes": 24,
// PLAN:      "clusters": [
// PLAN:        "s",
// PLAN-NEXT:   "x",
// PLAN-NEXT:   "t",
// PLAN-NEXT:   "call"
// PLAN:      "bytes": 18,
// PLAN-NEXT: "used_permille": 500,
// PLAN-NEXT: "layout": "tiled",
// PLAN-NEXT: "tile": 32
