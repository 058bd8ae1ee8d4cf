// The uniform rule needs *every* access of a struct to be uniform: here one
// access of Box is indexed by threadIdx (through a local variable), so Box is
// split by ε-Kruskal exactly as without the rule (uniform-box.cu has the same
// kernel without that access).  Also: an index assigned under a varying
// condition, and a device function's scalar parameter, are varying.
struct Nei { int x, y, z; int number; long start; };
struct Box { int x, y, z; int number; long start; int nn; Nei nei[26]; };
struct Small { int a; int b; };

__device__ int get_a(const Small *s, int i) { return s[i].a; }

__global__ void k(int nboxes, const Box *box, long *out, const Small *sm) {
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  long first_i = box[bx].start;
  int nn = box[bx].nn;
  for (int k = 0; k < 1 + nn; k++) {
    int pointer;
    if (k == 0)
      pointer = bx;
    else
      pointer = box[bx].nei[k - 1].number;
    out[first_i + tx] += box[pointer].start;
  }
  int mine = bx + tx % 2;
  out[bx] = box[mine].x;
  int sel = bx;
  if (tx == 0)
    sel = 0;
  out[sel] += sm[sel].b + get_a(sm, bx);
}

// RUN: %kdlg-opt-provisional %s --emit-plan - 2>%t.err | %plancheck | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --allow-empty %s < %t.err
// RUN: %kdlg-opt-provisional %s --dump-access-model --emit-plan %t.plan | FileCheck --check-prefix=DUMP %s

// CHECK:      struct Box bytes=656 fields=7
// CHECK-NOT:  uniform
// CHECK:      cluster x bytes=4 layout=aos tile=1
// CHECK-NEXT: cluster y bytes=4 layout=aos tile=1
// CHECK-NOT:  uniform
// CHECK:      end struct Box
// CHECK-NOT:  uniform
// CHECK:      end struct Small

// REMARK-NOT: kdlg-uniform

// DUMP:     load 8 B Box.start @15:{{[0-9]+}} uniform
// DUMP:     load 4 B Box.x @26:{{[0-9]+}}{{$}}
// DUMP:     load 4 B Small.b @30:{{[0-9]+}}{{$}}
// DUMP:     load 4 B Small.a @10:{{[0-9]+}}{{$}}
