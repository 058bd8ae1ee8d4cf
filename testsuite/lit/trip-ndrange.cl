struct N1 { int a; int b; int c; };

__kernel void forloop(__global struct N1 *p) {
  int id = get_global_id(0);
  int s = p[id].a;
  for (size_t j = 0; j < get_global_size(0); j++) s += p[j].c;
  p[id].b = s;
  size_t j = 0;
  while (j < get_global_size(0)) { s += (int)j; j++; }
}

// Rule n in OpenCL: bounded by get_global_size(0) -> 10^6 iterations.
// Stream a, 10^6 x c, b: δ(a,c) = 4, δ(b,c) = 4000000, δ(a,b) = 4000004.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:      struct N1
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 4000000
// CHECK-NEXT: edge a b 4000004
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=forloop function=forloop line=6 trip=1000000 rule=n
// CHECK-NEXT: loop kernel=forloop function=forloop line=9 trip=1000000 rule=n
// CHECK-NEXT: kernels forloop
