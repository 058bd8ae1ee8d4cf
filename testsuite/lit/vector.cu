#include <cuda_runtime.h>

struct P { float4 pos; float4 vel; float2 uv; };

__global__ void k(P *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = p[i].pos.x;
  float y = p[i].pos.y;
  float4 v = p[i].vel;
  p[i].vel.x = x + y + v.w;
}

// A vector component (p[i].pos.x) is a 4-byte access of field pos; a whole
// float4 field is a 16-byte access.  σ(pos) = σ(vel) = 16, σ(uv) = 8; float4
// is 16-byte aligned, so sizeof(P) = 48 (uv at 32, 8 B of tail padding).
// Stream: pos 4, pos 4, vel 16, vel 4:
//   δ(pos,vel) = 4 + 16 = 20 (from pos.x); uv is never accessed.
// Cluster {pos,vel} = 32 B > 16 -> soa.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct P bytes=48 fields=3
// CHECK-NEXT: field pos bytes=16 offset=0
// CHECK-NEXT: field vel bytes=16 offset=16
// CHECK-NEXT: field uv bytes=8 offset=32
// CHECK-NEXT: edge pos vel 20
// CHECK-NEXT: cluster pos,vel bytes=32 layout=soa tile=null
// CHECK-NEXT: cluster uv bytes=8 layout=aos tile=1
// CHECK-NEXT: kernels k

// DUMP:      kernel k
// DUMP:      load 4 B P.pos @7:
// DUMP:      load 4 B P.pos @8:
// DUMP:      load 16 B P.vel @9:
// DUMP:      store 4 B P.vel @10:
// DUMP-NOT:  P.uv
