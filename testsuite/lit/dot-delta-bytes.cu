struct P { float x; float y; double m; };
__global__ void k(const P *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x + p[i].y * (float)p[i].m;
}

// --emit-dot labels every edge with its memory distance δ and the unit,
// bytes: `δ=N B`, never a bare number.  Stream per work-item: x, y, m (8 B),
// out: δ(x,y) = 4, δ(y,m) = 4 + 4 = 8 (y's bytes, then to m), δ(x,m) = 12.

// RUN: %kdlg-opt-provisional %s --emit-dot - | FileCheck %s

// CHECK-NOT: label="{{[0-9]+}}"
// CHECK:     "P.x" -- "P.y" [label="δ=4 B", penwidth=
// CHECK-NEXT: "P.y" -- "P.m" [label="δ=8 B", penwidth=
// CHECK-NEXT: "P.x" -- "P.m" [label="δ=12 B", penwidth=
// CHECK-NOT: label="{{[0-9]+}}"
// CHECK-NOT: " -- "
