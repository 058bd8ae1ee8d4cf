struct S { int a; int b; int c; int d; };
__kernel void k(__global struct S *s, __global int *out) {
  int id = get_global_id(0);
  int x = 0;
  for (int i = 0; i < 32; i++) { x += s[i].a; x += s[i].b; }
  out[id] = x + s[id].c;
}

// The Fig. 2 kernel of the paper (docs/method-notes.md §1), OpenCL spelling.
// Unrolled stream: a0 b0 a1 b1 ... a31 b31 c (out store), 4 B each.
//   δ(a,b) = 4          (a_k -> b_k = 4, b_k -> a_k+1 = 4)
//   δ(b,c) = 31*8 + 4 = 252   (from b_0)
//   δ(a,c) = 4 + 31*8 + 4 = 256 (from a_0)
//   d is never accessed: no edge.
// ε = 128: {a,b} (8 B), {c}, {d}; σ <= 16 B -> aos, tile 1.
// {a,b} is 8 B of 4-byte ints: kdlg-opt aligns it to 8 (kd_plan_vector_align,
// not the paper's), so that an element moves as one 8-byte access.

// RUN: %kdlg-opt-provisional %s --emit-dot - | FileCheck %s --check-prefix=DOT
// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s --check-prefix=PLAN
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// DOT:      graph "kdlg" {
// DOT:      subgraph cluster_s0 {
// DOT-NEXT:   label="KDLG of S (16 B, 4 fields), ε = 128 B";
// DOT:        subgraph cluster_s0_0 {
// DOT-NEXT:     label="cluster 0: 8 B, aos aligned 8";
// DOT:          "S.a" [label="a\n4 B"];
// DOT-NEXT:     "S.b" [label="b\n4 B"];
// DOT-NEXT:   }
// DOT-NEXT:   subgraph cluster_s0_1 {
// DOT-NEXT:     label="cluster 1: 4 B, aos";
// DOT:          "S.c" [label="c\n4 B"];
// DOT-NEXT:   }
// DOT-NEXT:   subgraph cluster_s0_2 {
// DOT-NEXT:     label="cluster 2: 4 B, aos";
// DOT:          "S.d" [label="d\n4 B\nunused", style=dashed, color="#999999", fontcolor="#999999"];
// DOT-NEXT:   }
// DOT-NOT:    subgraph cluster_s
// DOT:        "S.a" -- "S.b" [label="δ=4 B", penwidth=3.84, color="#3a3a3a"];
// DOT-NEXT:   "S.b" -- "S.c" [label="δ=252 B", penwidth={{[0-9.]+}}, color="#{{[0-9a-f]+}}"];
// DOT-NEXT:   "S.a" -- "S.c" [label="δ=256 B", penwidth={{[0-9.]+}}, color="#{{[0-9a-f]+}}"];
// DOT-NEXT: }
// DOT-NEXT: subgraph cluster_legend {
// DOT:      {{^}}}{{$}}

// PLAN:      language cl
// PLAN:      struct S bytes=16 fields=4 epsilon=128
// PLAN-NEXT: field a bytes=4 offset=0
// PLAN-NEXT: field b bytes=4 offset=4
// PLAN-NEXT: field c bytes=4 offset=8
// PLAN-NEXT: field d bytes=4 offset=12
// PLAN-NEXT: edge a b 4
// PLAN-NEXT: edge b c 252
// PLAN-NEXT: edge a c 256
// PLAN-NEXT: cluster a,b bytes=8 layout=aos tile=1 align=8
// PLAN-NEXT: cluster c bytes=4 layout=aos tile=1{{$}}
// PLAN-NEXT: cluster d bytes=4 layout=aos tile=1
// PLAN-NEXT: loop kernel=k function=k line=5 trip=32 rule=c
// PLAN-NEXT: kernels k
// PLAN-NEXT: end struct S
// PLAN-NOT:  struct

// DUMP:      kernel k
// DUMP:      loop trip=32 rule=c @5
// DUMP:      load 4 B S.a @5:
// DUMP:      load 4 B S.b @5:
// DUMP:      load 4 B S.c @6:
// DUMP:      store 4 B (other) @6:
// DUMP-NOT:  S.d
