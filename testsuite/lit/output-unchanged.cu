struct S { int a; int b; };
__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  p[id].b = p[id].a;
}

// Until the rewriter lands, -o writes the input unchanged (byte for byte),
// to a file or to standard output.

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: cmp %s %t.dir/out.cu
// RUN: %kdlg-opt %s -o - > %t.dir/stdout.cu
// RUN: cmp %s %t.dir/stdout.cu

// CHECK-NOT: error
// CHECK:     exit=0
