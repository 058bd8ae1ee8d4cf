// The rewriter's AST tree (transform/ast.c) where libclang passes a parent
// the recursive traversal has not met: an annotate attribute with an
// argument (its argument's children get a parent cursor that differs from
// the attribute's in its context), in a kernel, on a global and inside a
// host lambda.  Each used to abort the tool ("a node's parent is not on the
// path read so far") or, inside a lambda, hang later nodes on the lambda:
// the struct then kept AoS and a null initialiser stayed `= 0` (no
// conversion to the view).  Now P is rewritten and the null pointer becomes
// the view's null.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: __attribute__((annotate("table", 4 * 2))) int table_size = 8;
// CHECK: __global__ void k(kdlg_view_P p, int n) {
// CHECK: __attribute__((annotate("hot", 1 + 2))) int j = i;
// CHECK: (*kdlg_P_f_x(p, (j))) = (*kdlg_P_f_y(p, (j))) + (*kdlg_P_f_z(p, (j)));
// CHECK: kdlg_view_P d = kdlg_P_null();
// CHECK-NEXT: kdlg_view_P e = kdlg_P_null(); kdlg_view_P f = kdlg_P_null();
// CHECK-NEXT: kdlg_P_malloc(&d, n * sizeof(P));
struct P { float x; float y; float z; int id; };

__attribute__((annotate("table", 4 * 2))) int table_size = 8;

__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __attribute__((annotate("hot", 1 + 2))) int j = i;
  if (j < n)
    p[j].x = p[j].y + p[j].z;
}

int main() {
  auto run = [&](int n) {
    __attribute__((annotate("dev", 1))) P *d = 0;
    P *e = 0, *f = 0;
    cudaMalloc(&d, n * sizeof(P));
    cudaMalloc(&e, n * sizeof(P));
    f = e;
    k<<<1, n>>>(d, n);
    k<<<1, n>>>(f, n);
    cudaFree(d);
    cudaFree(e);
  };
  run(100);
  return table_size;
}
