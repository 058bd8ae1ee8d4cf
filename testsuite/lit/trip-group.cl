struct G1 { int a; int b; int c; };
struct G2 { int a; int b; int c; };

__kernel void forloop(__global struct G1 *p) {
  int id = get_global_id(0);
  int s = p[id].a;
  for (size_t j = 0; j < get_local_size(0); j++) s += p[j].c;
  p[id].b = s;
  for (size_t j = 0; j < get_local_size(1); j++) s += (int)j;
}

__kernel void whileloop(__global struct G2 *p) {
  int id = get_global_id(0);
  int s = p[id].a;
  size_t j = 0;
  while (j < get_local_size(0)) { s += p[j].c; j++; }
  p[id].b = s;
  j = 0;
  do { s += (int)j; j++; } while (j < get_local_size(0));
}

// Rule g in OpenCL: bounded by get_local_size(d) -> 256 iterations.
// Stream a, 256 x c, b: δ(a,c) = 4, δ(b,c) = 1024, δ(a,b) = 1028.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:      language cl
// CHECK:      struct G1
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 1024
// CHECK-NEXT: edge a b 1028
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=forloop function=forloop line=7 trip=256 rule=g
// CHECK-NEXT: loop kernel=forloop function=forloop line=9 trip=256 rule=g
// CHECK-NEXT: kernels forloop

// CHECK:      struct G2
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 1024
// CHECK-NEXT: edge a b 1028
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=whileloop function=whileloop line=16 trip=256 rule=g
// CHECK-NEXT: loop kernel=whileloop function=whileloop line=19 trip=256 rule=g
// CHECK-NEXT: kernels whileloop
