// OpenCL: no clones (no host code in the file, one address space per
// parameter).  A function given a kernel's buffer and another pointer keeps
// the struct in AoS as before, with a remark, and the output is the input
// behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: neg-clone-opencl.cl:[[@LINE+6]]:34: remark: struct 'P' keeps its AoS layout: 'q' is given a pointer that does not come from a kernel argument or cudaMalloc, and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
typedef struct { float x; float y; int n; } P;
float energy(__global const P *q, int i) { return q[i].x * q[i].y; }
__kernel void k(__global P *p, __global float *raw, __global float *out) {
  int i = get_global_id(0);
  out[i] = energy(p, i) + energy((__global const P *)raw, i);
}
