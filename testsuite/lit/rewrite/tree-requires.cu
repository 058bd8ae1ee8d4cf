// The rewriter's AST tree (transform/ast.c) on C++20 requires-expressions,
// whose requirements libclang lists with a parent the recursive traversal
// has not met: in a kernel (the tool used to abort: "a node's parent is not
// on the path read so far") and in a host lambda (later nodes were hung on
// the lambda: P kept AoS, "not directly in a block").  Such a root is read
// again node by node; P is rewritten.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu -- -std=c++20 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: constexpr bool addable = requires(int t) { t + 1; };
// CHECK: (*kdlg_P_f_x(p, (i))) = twice((*kdlg_P_f_y(p, (i)))) + (*kdlg_P_f_z(p, (i)));
// CHECK: constexpr bool ok = requires(int t) { t * 2; };
// CHECK-NEXT: kdlg_view_P d = kdlg_P_null(); kdlg_view_P e = kdlg_P_null();
struct P { float x; float y; float z; int id; };

template <typename T> __device__ T twice(T v) {
  if constexpr (requires(T t) { t + t; })
    return v + v;
  else
    return v;
}

__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  constexpr bool addable = requires(int t) { t + 1; };
  if (i < n && addable)
    p[i].x = twice(p[i].y) + p[i].z;
}

int main() {
  auto run = [&](int n) {
    constexpr bool ok = requires(int t) { t * 2; };
    P *d = 0, *e = 0;
    cudaMalloc(&d, n * sizeof(P));
    e = d;
    if (ok)
      k<<<1, n>>>(e, n);
    cudaFree(d);
  };
  run(100);
  return 0;
}
