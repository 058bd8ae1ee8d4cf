struct S { int a; int b; int c; int d; int e; int f; };

__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[i].f + p[i].e;
  for (int j = 0; j < 8; j++)
    x += p[j].d + p[j].c;
  if (x > n)
    x += p[i].b;
  else
    x += p[i].a;
  p[i].a = x;
  p[i].c = x;
}

// Two runs give byte-identical DOT and plans (ties in δ are broken by field
// declaration order, never by addresses or hash order).

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %kdlg-opt %s --emit-dot %t.dir/1.dot --emit-plan %t.dir/1.json
// RUN: %kdlg-opt %s --emit-dot %t.dir/2.dot --emit-plan %t.dir/2.json
// RUN: cmp %t.dir/1.dot %t.dir/2.dot
// RUN: cmp %t.dir/1.json %t.dir/2.json
// RUN: %kdlg-opt %benchmarks/agents/agents.cu --emit-dot %t.dir/a1.dot
// RUN: %kdlg-opt %benchmarks/agents/agents.cu --emit-dot %t.dir/a2.dot
// RUN: cmp %t.dir/a1.dot %t.dir/a2.dot
// RUN: FileCheck %s < %t.dir/1.dot

// CHECK: graph "kdlg" {
// CHECK: subgraph cluster_s0 {
// CHECK-NEXT: label="KDLG of S (
