struct S { int a; int b; int c; int d; };

int helper(__global struct S *p, int i, int t) {
  if (t < 0)
    return p[i].b;
  for (int j = 0; j < 64; j++)
    t += p[j].c;
  return t;
}

__kernel void k(__global struct S *p) {
  int id = get_global_id(0);
  int t = p[id].a;
  t = helper(p, id, t);
  p[id].d = t;
}

// OpenCL helper function reached with the kernel's __global pointer.
// a; then {b; return} or {64 x c; return}; then d:
//   δ(a,b) = 4, δ(a,c) = 4, δ(b,d) = 4, δ(a,d) = 8, δ(c,d) = 256; no b-c edge.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:      language cl
// CHECK:      struct S bytes=16 fields=4
// CHECK:      edge a b 4
// CHECK-NEXT: edge a c 4
// CHECK-NEXT: edge b d 4
// CHECK-NEXT: edge a d 8
// CHECK-NEXT: edge c d 256
// CHECK-NEXT: cluster a,b,c,d bytes=16 layout=aos tile=1
// CHECK-NEXT: loop kernel=k function=helper line=6 trip=64 rule=c
// CHECK-NEXT: kernels k
// CHECK-NEXT: end struct S
