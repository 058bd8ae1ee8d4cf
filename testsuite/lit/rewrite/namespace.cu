// A struct declared inside nested named namespaces (issue 21, class 3, once
// refused): its generated block follows its definition, inside them, and
// the rewritten code names what the block declares by qualified names, in
// the namespace and outside it (a kernel reached through a
// using-declaration, host calls whose view argument is cast, a derived
// pointer); the macros the blocks use go before the outermost namespace.
// nvcc compiles the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT-NOT: remark
// VERDICT: struct 'Body' ({{.*}}namespace.cu:[[@LINE+18]]:8): rewritten: {x, y, z, m, id} SoA
// VERDICT: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s
// CHECK: typedef long long kdlg_index;
// CHECK-NEXT: #endif
// CHECK-NEXT: namespace phys {
// CHECK-NEXT: namespace detail {
// CHECK: typedef struct kdlg_view_Body {
// CHECK: __global__ void step(phys::detail::kdlg_view_Body b, int n) {
// CHECK: if (i < n) (*phys::detail::kdlg_Body_f_x(b, (i))) += (*phys::detail::kdlg_Body_f_y(b, (i))) * (float)(*phys::detail::kdlg_Body_f_m(b, (i)));
// CHECK: __global__ void other(phys::detail::kdlg_view_Body b, int n) {
// CHECK: phys::detail::kdlg_view_Body d = phys::detail::kdlg_Body_null();
// CHECK-NEXT: phys::detail::kdlg_Body_malloc((void **)&d, n * sizeof(Body));
// CHECK: other<<<(n + 127) / 128, 128>>>(phys::detail::kdlg_Body_offset(d, (1)), n - 1);
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cstdio>
namespace phys {
namespace detail {
struct Body { float x, y, z; double m; int id; };
}  // namespace detail
__global__ void step(detail::Body *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i].x += b[i].y * (float)b[i].m;
}
}  // namespace phys
using phys::detail::Body;
__global__ void other(Body *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i].z = b[i].x;
}
int main() {
  int n = 1000;
  Body *h = (Body *)calloc(n, sizeof(Body));
  for (int i = 0; i < n; i++) { h[i].x = i; h[i].y = 1.5f; h[i].m = 2; h[i].id = i; }
  Body *d = NULL;
  cudaMalloc((void **)&d, n * sizeof(Body));
  cudaMemcpy(d, h, n * sizeof(Body), cudaMemcpyHostToDevice);
  phys::step<<<(n + 127) / 128, 128>>>(d, n);
  other<<<(n + 127) / 128, 128>>>(d + 1, n - 1);
  cudaMemcpy(h, d, n * sizeof(Body), cudaMemcpyDeviceToHost);
  double s = 0;
  for (int i = 0; i < n; i++) s += h[i].x + h[i].z;
  printf("%.3f\n", s);
  cudaFree(d);
  free(h);
}
