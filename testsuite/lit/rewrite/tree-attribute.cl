// OpenCL: a program-scope constant and a local with an annotate attribute
// that has an argument (libclang passes the argument's children a parent
// that differs from the attribute's cursor in its context): the tool used to
// abort ("a node's parent is not on the path read so far"); now P is
// rewritten.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cl
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: __constant int table_size __attribute__((annotate("table", 4 * 2))) = 8;
// CHECK: __attribute__((annotate("hot", 1 + 2))) int j = i;
// CHECK: kdlg_P_f_x
typedef struct { float x; float y; float z; int id; } P;

__constant int table_size __attribute__((annotate("table", 4 * 2))) = 8;

__kernel void k(__global P *p, int n) {
  int i = get_global_id(0);
  __attribute__((annotate("hot", 1 + 2))) int j = i;
  if (j < n)
    p[j].x = p[j].y + p[j].z + (float)table_size;
}
