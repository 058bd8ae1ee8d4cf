struct S { int a; int b; int c; int d; };
__kernel void k(__global struct S *s, __global int *out) {
  int id = get_global_id(0);
  int x = 0;
  for (int i = 0; i < 32; i++) { x += s[i].a; x += s[i].b; }
  out[id] = x + s[id].c;
}

// Fig. 3 (docs/method-notes.md §3): the Fig. 2 graph (δ(a,b)=4, δ(b,c)=252,
// δ(a,c)=256, d unconnected) partitioned with ε-Kruskal, join iff δ < ε:
//   ε <= 4        {a},{b},{c},{d}
//   4 < ε <= 252  {a,b},{c},{d}
//   ε > 252       {a,b,c},{d}   (c joins through b although δ(a,c)=256 >= ε)

// RUN: %kdlg-opt-provisional %s --epsilon 4 --emit-plan - | %plancheck | FileCheck %s --check-prefix=E4
// RUN: %kdlg-opt-provisional %s --epsilon 5 --emit-plan - | %plancheck | FileCheck %s --check-prefixes=EPS5,AB
// RUN: %kdlg-opt-provisional %s --epsilon 252 --emit-plan - | %plancheck | FileCheck %s --check-prefixes=EPS252,AB
// RUN: %kdlg-opt-provisional %s --epsilon 253 --emit-plan - | %plancheck | FileCheck %s --check-prefix=E253
// RUN: %kdlg-opt-provisional %s --epsilon 253 --emit-dot - | FileCheck %s --check-prefix=DOT253

// E4:      struct S bytes=16 fields=4 epsilon=4
// E4:      edge a b 4
// E4-NEXT: edge b c 252
// E4-NEXT: edge a c 256
// E4-NEXT: cluster a bytes=4 layout=aos tile=1
// E4-NEXT: cluster b bytes=4 layout=aos tile=1
// E4-NEXT: cluster c bytes=4 layout=aos tile=1
// E4-NEXT: cluster d bytes=4 layout=aos tile=1
// E4-NEXT: loop

// EPS5:    struct S bytes=16 fields=4 epsilon=5
// EPS252:  struct S bytes=16 fields=4 epsilon=252
// AB:      edge a b 4
// AB-NEXT: edge b c 252
// AB-NEXT: edge a c 256
// AB-NEXT: cluster a,b bytes=8 layout=aos tile=1
// AB-NEXT: cluster c bytes=4 layout=aos tile=1
// AB-NEXT: cluster d bytes=4 layout=aos tile=1
// AB-NEXT: loop

// E253:      struct S bytes=16 fields=4 epsilon=253
// E253:      edge a b 4
// E253-NEXT: edge b c 252
// E253-NEXT: edge a c 256
// E253-NEXT: cluster a,b,c bytes=12 layout=aos tile=1
// E253-NEXT: cluster d bytes=4 layout=aos tile=1
// E253-NEXT: loop

// DOT253:      label="KDLG of S (16 B, 4 fields), ε = 253 B";
// DOT253:      subgraph cluster_s0_0 {
// DOT253-NEXT:   label="cluster 0: 12 B, aos";
// DOT253:        "S.a" [label="a\n4 B"];
// DOT253-NEXT:   "S.b" [label="b\n4 B"];
// DOT253-NEXT:   "S.c" [label="c\n4 B"];
// DOT253-NEXT: }
// DOT253-NEXT: subgraph cluster_s0_1 {
// DOT253-NEXT:   label="cluster 1: 4 B, aos";
// DOT253:        "S.d" [label="d\n4 B\nunused"
// DOT253-NEXT: }
// DOT253-NOT:  subgraph cluster_s
