// Global pointer variables the rewriter does not follow keep their struct
// AoS with a remark at each: declared more than once (an extern
// declaration: its definition and uses may be elsewhere), declared before
// the struct's definition (the view type comes after it), declared with
// another variable, and named where the parser does not see it as a use (a
// macro's definition).
// RUN: rm -rf %t.dir && mkdir -p %t.dir/out && cp %s %t.dir/main.cu
// RUN: %exitcode %kdlg-opt %t.dir/main.cu --layout soa -o %t.dir/out/main.cu 2>&1 | FileCheck %s
// CHECK-DAG: main.cu:[[@LINE+9]]:4: remark: struct 'A' keeps its AoS layout: a global pointer variable is declared more than once, and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: main.cu:[[@LINE+10]]:4: remark: struct 'B' keeps its AoS layout: a global pointer variable is declared before the struct's definition, or in another header (the view type is declared after the definition), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: main.cu:[[@LINE+12]]:4: remark: struct 'C' keeps its AoS layout: a global pointer variable is declared together with other variables (`S *a, *b;`), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: main.cu:[[@LINE+14]]:20: remark: struct 'D' keeps its AoS layout: global 'd_d' holds its device data, and this 'd_d' is not a use of it the parser shows (a macro's definition, a branch of #if that the preprocessor skips on the host side), which would stay unrewritten [kdlg-rewrite]
// CHECK: exit=0
// RUN: grep -v '^//' %t.dir/out/main.cu | FileCheck %s --check-prefix=OUT
// OUT-NOT: kdlg_view
struct A { float x, y; };
extern A *a_d;
A *a_d;
struct B;
B *b_d;
struct B { float x, y; };
struct C { float x, y; };
C *c_d, *c_e;
struct D { float x, y; };
static D *d_d;
#define FIRST_D() (d_d)
__global__ void ka(A *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kb(B *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kc(C *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kd(D *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
int main() {
  cudaMalloc(&a_d, 64 * sizeof(A)); ka<<<1, 64>>>(a_d);
  cudaMalloc(&b_d, 64 * sizeof(B)); kb<<<1, 64>>>(b_d);
  cudaMalloc(&c_d, 64 * sizeof(C)); kc<<<1, 64>>>(c_d);
  cudaMalloc(&d_d, 64 * sizeof(D)); kd<<<1, 64>>>(FIRST_D());
}
