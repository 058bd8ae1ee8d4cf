// --explain writes to standard error only: the plan on standard output
// (--emit-plan -) is the same with and without it.
struct S { int a; int b; };
__global__ void k(S *s, int *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = s[id].a + s[id].b;
}

// RUN: %kdlg-opt-provisional %s --emit-plan - > %t.plain
// RUN: %kdlg-opt-provisional %s --emit-plan - --explain > %t.explained 2>%t.err
// RUN: diff %t.plain %t.explained
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.explained

// CHECK: struct 'S' ({{.*}}explain-stderr.cu:3:8): 2 fields, 8 B, ε = 128 B, 1 cluster

// OUT-NOT: explain: device model
// OUT-NOT: joined by
