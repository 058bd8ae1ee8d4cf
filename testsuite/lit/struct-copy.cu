struct S { int a; int b; int c; int d; };

__global__ void swap(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  S t = p[i];
  p[n - 1 - i] = t;
}

__global__ void copy(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] = p[n - 1 - i];
}

// Copying a whole struct element moves every field in one 16-byte access
// (`S.*`).  An access that moves f1 and f2 together puts them at distance 0,
// so every pair of fields gets an edge of δ = 0 and all four join.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct S bytes=16 fields=4
// CHECK:      edge a b 0
// CHECK-NEXT: edge a c 0
// CHECK-NEXT: edge a d 0
// CHECK-NEXT: edge b c 0
// CHECK-NEXT: edge b d 0
// CHECK-NEXT: edge c d 0
// CHECK-NEXT: cluster a,b,c,d bytes=16 layout=aos tile=1
// CHECK-NEXT: kernels swap,copy

// DUMP:      kernel swap
// DUMP:      load 16 B S.* @5:
// DUMP:      store 16 B S.* @6:
// DUMP:      kernel copy
// DUMP:      load 16 B S.* @11:
// DUMP:      store 16 B S.* @11:
