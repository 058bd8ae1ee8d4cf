struct U1 { int a; int b; int c; };
struct U2 { int a; int b; };

__kernel void argbound(__global struct U1 *p, int n) {
  int id = get_global_id(0);
  int s = p[id].a;
  for (int j = 0; j < n; j++) s += p[j].c;
  p[id].b = s;
}

__kernel void gridstride(__global struct U2 *p, int n) {
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
    p[i].a = p[i].b + 1;
}

// Rule u in OpenCL: a kernel-argument bound and a grid-stride loop
// (i += get_global_size(0)) both run an unknown count: 512000.
// argbound: δ(a,c) = 4, δ(b,c) = 2048000, δ(a,b) = 2048004.
// gridstride: load b, store a per iteration: δ(a,b) = 4.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:      struct U1
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 2048000
// CHECK-NEXT: edge a b 2048004
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=argbound function=argbound line=7 trip=512000 rule=u
// CHECK-NEXT: kernels argbound

// CHECK:      struct U2
// CHECK:      edge a b 4
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: loop kernel=gridstride function=gridstride line=12 trip=512000 rule=u
// CHECK-NEXT: kernels gridstride
