// A global pointer variable of external linkage that would hold device
// data, named by another file of the project (here one that declares it
// extern; given as a second input too): another translation unit could
// read the view as a pointer, and a variable's mangled name does not carry
// its type, so nothing would fail to link.  P keeps AoS with a remark that
// names the file; made static, it is rewritten.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/out && cp %s %t.dir/main.cu
// RUN: printf 'struct P { float x, y; };\nextern P *g_d;\nvoid use(void) { (void)g_d; }\n' > %t.dir/other.cu
// RUN: %exitcode %kdlg-opt %t.dir/main.cu --layout soa -o %t.dir/out/main.cu 2>&1 | FileCheck %s
// CHECK: main.cu:[[@LINE+11]]:4: remark: struct 'P' keeps its AoS layout: global 'g_d' holds its device data and has external linkage, and 'other.cu', another file of the project, names it (another translation unit could read the view as a pointer): make it static [kdlg-rewrite]
// CHECK: exit=0
// RUN: %exitcode %kdlg-opt %t.dir/main.cu %t.dir/other.cu --layout soa -o %t.dir/out/ 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: main.cu:[[@LINE+8]]:4: remark: struct 'P' keeps its AoS layout: global 'g_d' holds its device data and has external linkage, and 'other.cu', another file of the project, names it
// BOTH: exit=0
// RUN: sed 's/^P \*g_d;/static P *g_d;/' %s > %t.dir/main.cu
// RUN: %exitcode %kdlg-opt %t.dir/main.cu --layout soa -o %t.dir/out/main.cu 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC-NOT: remark
// STATIC: rewritten: {x, y} SoA
// STATIC: exit=0
struct P { float x, y; };
P *g_d;
__global__ void k(P *p, int n) { int i = threadIdx.x; if (i < n) p[i].x += p[i].y; }
int main() {
  cudaMalloc(&g_d, 64 * sizeof(P));
  k<<<1, 64>>>(g_d, 64);
  cudaFree(g_d);
}
