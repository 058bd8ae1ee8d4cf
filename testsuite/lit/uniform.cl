// OpenCL: the uniform rule with get_group_id (uniform) and get_local_id
// (varying).  Cell is read only at the work-group's own element: one AoS
// cluster.  Item is read at get_local_id: analysed as before.
typedef struct { int n; float lo; float hi; float w[8]; } Cell;
typedef struct { float a; float b; float c; } Item;

__kernel void k(__global const Cell *cells, __global Item *items, __local float *scratch) {
  int g = get_group_id(0);
  int l = get_local_id(0);
  int n = cells[g].n;
  float acc = 0.0f;
  for (int j = 0; j < n; j++)
    acc += cells[g].w[j % 8];
  scratch[l] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  float lo = cells[get_num_groups(0) - 1 - g].lo;
  items[l + g * get_local_size(0)].a = scratch[l] + lo;
  for (int i = 0; i < 1000; i++)
    items[l].c += items[l].b;
  items[0].b = cells[g].hi;
}

// RUN: %kdlg-opt-provisional %s --emit-plan - 2>%t.err | %plancheck | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: %kdlg-opt-provisional %s --dump-access-model --emit-plan %t.plan | FileCheck --check-prefix=DUMP %s

// CHECK:      struct Cell bytes=44 fields=4
// CHECK:      cluster n,lo,hi,w bytes=44 layout=
// CHECK-NEXT: uniform true
// CHECK-NEXT: note every access is uniform
// CHECK:      struct Item
// CHECK-NOT:  uniform
// CHECK:      end struct Item

// REMARK: uniform.cl:4:9: remark: struct 'Cell': every access is uniform across a work-group (a broadcast): no layout improves its coalescing; kept in AoS [kdlg-uniform]
// REMARK-NOT: remark: {{.*}}Item

// DUMP: load 4 B Cell.n @10:{{[0-9]+}} uniform
// DUMP: load 4 B Cell.w @13:{{[0-9]+}} uniform
// DUMP: load 4 B Cell.lo @16:{{[0-9]+}} uniform
// DUMP: store 4 B Item.a @17:{{[0-9]+}}{{$}}
// DUMP: load 4 B Item.b @19:{{[0-9]+}}{{$}}
// DUMP: load 4 B Cell.hi @20:{{[0-9]+}} uniform
// DUMP: store 4 B Item.b @20:{{[0-9]+}} uniform
