struct P { float4 pos; float4 vel; };

__kernel void k(__global struct P *p) {
  int i = get_global_id(0);
  float x = p[i].pos.x;
  float2 xy = p[i].pos.xy;
  float z = p[i].pos.s2;
  p[i].vel.w = x + xy.y + z;
}

// OpenCL swizzles: .x and .s2 move 4 B, .xy moves 8 B of field pos.
// Stream: pos 4, pos 8, pos 4, vel 4 (store):
//   δ(pos,vel) = 8 + 4 + 4 = 16 (from pos.x).

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct P bytes=32 fields=2
// CHECK-NEXT: field pos bytes=16 offset=0
// CHECK-NEXT: field vel bytes=16 offset=16
// CHECK-NEXT: edge pos vel 16
// CHECK-NEXT: cluster pos,vel bytes=32 layout=soa tile=null
// CHECK-NEXT: kernels k

// DUMP:      load 4 B P.pos @5:
// DUMP-NEXT: seq
// DUMP-NEXT: load 8 B P.pos @6:
// DUMP-NEXT: seq
// DUMP-NEXT: load 4 B P.pos @7:
// DUMP-NEXT: seq
// DUMP-NEXT: store 4 B P.vel @8:
