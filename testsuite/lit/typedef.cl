typedef struct { float x; float y; } Particle;
typedef struct Named { int u; int v; int w; } NamedT;

__kernel void k(__global Particle *p, __global NamedT *q) {
  int i = get_global_id(0);
  p[i].x = p[i].y;
  q[i].v = q[i].u;
}

// OpenCL code often names structs only through a typedef: the anonymous
// struct is reported under its typedef name, a tagged one under its tag.
// Particle: y (load), x (store): δ(x,y) = 4.  Named: u, v: δ(u,v) = 4; w unused.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --struct Particle --emit-plan - | %plancheck | FileCheck %s --check-prefix=ONE

// CHECK:      struct Particle bytes=8 fields=2
// CHECK-NEXT: field x bytes=4 offset=0
// CHECK-NEXT: field y bytes=4 offset=4
// CHECK-NEXT: edge x y 4
// CHECK-NEXT: cluster x,y bytes=8 layout=aos tile=1
// CHECK:      struct Named bytes=12 fields=3
// CHECK:      edge u v 4
// CHECK-NEXT: cluster u,v bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster w bytes=4 layout=aos tile=1

// ONE:     struct Particle
// ONE-NOT: struct Named

// --struct accepts the typedef name the kernel spells as well as the tag.
// RUN: %kdlg-opt-provisional %s --struct NamedT --emit-plan - | %plancheck | FileCheck %s --check-prefix=ALIAS
// RUN: %kdlg-opt-provisional %s --struct Named --emit-plan - | %plancheck | FileCheck %s --check-prefix=ALIAS
// ALIAS-NOT: struct Particle
// ALIAS:     struct Named bytes=12 fields=3
// ALIAS-NOT: struct Particle
