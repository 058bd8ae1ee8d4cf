struct S { int a; int b; int c; };

__kernel void k(__global struct S *p) {
  int i = get_global_id(0);
  int x = p[i].a;
  atomic_add(&p[i].c, x);
  atomic_inc(&p[0].c);
  p[i].b = x;
}

// An atomic on a field is a read-modify-write of that field: 4 B in, 4 B out.
// Stream: a, c (load, store), c (load, store), b:
//   δ(a,c) = 4, δ(b,c) = 4*4 = 16 (from the first load of c), δ(a,b) = 20.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct S bytes=12 fields=3
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 16
// CHECK-NEXT: edge a b 20
// CHECK-NEXT: cluster a,b,c bytes=12 layout=aos tile=1

// DUMP:      load 4 B S.a @5:
// DUMP:      load 4 B S.c @6:
// DUMP:      store 4 B S.c @6:
// DUMP:      load 4 B S.c @7:
// DUMP:      store 4 B S.c @7:
// DUMP:      store 4 B S.b @8:
