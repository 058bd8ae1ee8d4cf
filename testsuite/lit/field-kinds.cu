struct In { int u; int v; };
struct S { float arr[3]; In in; double w; char ch; };

__global__ void k(const S * __restrict__ p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = p[i].arr[1];
  x += p[i].in.v;
  x += (*p).w;
  x += p->ch;
  out[i] = x;
}

// Fields of mixed kinds: an array (σ = 12), a nested struct (σ = 8), a double
// (8-aligned: offset 24) and a char; sizeof(S) = 40.  Element and member
// accesses move only the bytes they name: arr[1] 4 B, in.v 4 B, w 8 B, ch 1 B;
// (*p).w and p->ch are element 0.  Stream: arr 4, in 4, w 8, ch 1, out 4:
//   δ(w,ch) = 1, δ(arr,in) = 4, δ(in,w) = 8, δ(in,ch) = 9, δ(arr,w) = 12,
//   δ(arr,ch) = 13.  One cluster of 29 B, smallest field 1 B, every field
//   loaded (φ = 1000): the built-in H200 model gives tiled:32.

// RUN: %kdlg-opt %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct S bytes=40 fields=4
// CHECK-NEXT: field arr bytes=12 offset=0
// CHECK-NEXT: field in bytes=8 offset=12
// CHECK-NEXT: field w bytes=8 offset=24
// CHECK-NEXT: field ch bytes=1 offset=32
// CHECK-NEXT: edge w ch 1
// CHECK-NEXT: edge arr in 4
// CHECK-NEXT: edge in w 8
// CHECK-NEXT: edge in ch 9
// CHECK-NEXT: edge arr w 12
// CHECK-NEXT: edge arr ch 13
// CHECK-NEXT: cluster arr,in,w,ch bytes=29 layout=tiled tile=32
// CHECK-NOT:  struct In

// DUMP:      load 4 B S.arr @6:
// DUMP:      load 4 B S.in @7:
// DUMP:      load 8 B S.w @8:
// DUMP:      load 1 B S.ch @9:
// DUMP:      store 4 B (other) @10:
