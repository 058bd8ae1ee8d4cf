// Issue 21, class 2: a kernel that takes the struct through a __constant
// pointer reads the same host buffer as a kernel that takes it through a
// __global pointer, but only __global pointers become views.  kdlg-opt used
// to rewrite `scale` and leave `gather` AoS (the layout header said gather's
// arguments were unchanged): a host packing the buffer once had `gather`
// read the new layout as AoS.  Now S keeps AoS, with a remark at the
// __constant parameter, in every layout that would change it (not under
// aos); the output is the input behind the plan comment and no header is
// written.  (Runtime check: testsuite/opencl/kernels/constant-param.cl.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// RUN: %exitcode %kdlg-opt %s --layout tiled:32 -o %t.dir/t.cl 2>&1 | FileCheck %s
// RUN: %exitcode %kdlg-opt %s --layout aos -o %t.dir/aos.cl 2>&1 | FileCheck %s --check-prefix=AOS
// CHECK: neg-constant-param.cl:[[@LINE+13]]:36: remark: struct 'S' keeps its AoS layout: kernel 'gather' takes it through a __constant pointer, which the rewriter does not convert (a buffer packed for the other kernels would be read here as AoS) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
// AOS-NOT: remark
// AOS: exit=0
typedef struct { float x; float y; float z; int id; } S;

__kernel void scale(__global S *p, int n) {
  int i = get_global_id(0);
  if (i < n)
    p[i].x = p[i].y + p[i].z;
}

__kernel void gather(__constant S *p, __global float *out, int n) {
  int i = get_global_id(0);
  if (i < n)
    out[i] = p[i].x * 2.0f + p[i].y;
}
