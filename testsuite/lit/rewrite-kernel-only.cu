struct S { int a; int b; };
__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  p[id].b = p[id].a;
}

// A CUDA kernel that is never launched in its file may be launched from
// elsewhere, with device data in AoS: no device data of this file reaches
// its parameter, so it stays a pointer, S is unchanged, and the output is
// the input behind the plan comment, to a file or stdout.

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// RUN: %kdlg-opt %s --layout soa -o - 2>/dev/null | sed '1,/^ \*\/$/d' > %t.dir/stdout.cu
// RUN: cmp %s %t.dir/stdout.cu
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck --check-prefix=HEAD %s

// CHECK-NOT: remark
// CHECK:     kdlg-opt: struct 'S' ({{.*}}rewrite-kernel-only.cu:1:8): unchanged: the plan ({a, b} SoA) reaches no pointer to it that these files pass to a kernel
// CHECK-NOT: error
// CHECK:     exit=0
// HEAD:      /* Data layout rewritten by kdlg-opt
// HEAD:      S: epsilon 128 B; {a,b} 8 B SoA -> no pointer reaches it (unchanged)
