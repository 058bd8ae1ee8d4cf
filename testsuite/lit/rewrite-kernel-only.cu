struct S { int a; int b; };
__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  p[id].b = p[id].a;
}

// A CUDA kernel that is never launched in its file is called from elsewhere:
// its callers cannot be given the new layout, so S stays AoS (with a remark)
// and the output is the input behind the plan comment, to a file or stdout.

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// RUN: %kdlg-opt %s --layout soa -o - 2>/dev/null | sed '1,/^ \*\/$/d' > %t.dir/stdout.cu
// RUN: cmp %s %t.dir/stdout.cu
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck --check-prefix=HEAD %s

// CHECK:     rewrite-kernel-only.cu:2:17: remark: struct 'S' keeps its AoS layout: kernel 'k' is not launched in this file, so its callers cannot be given the new layout [kdlg-rewrite]
// CHECK-NOT: error
// CHECK:     exit=0
// HEAD:      /* Data layout rewritten by kdlg-opt
// HEAD:      S: epsilon 128 B; {a,b} 8 B SoA -> kept in AoS (see remarks)
