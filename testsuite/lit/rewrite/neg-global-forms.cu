// Global and static pointer variables the rewriter does not follow keep
// their struct AoS with a remark at each (the review's cases too):
// A declared more than once (an extern declaration: its definition and uses
// may be elsewhere); B declared before the struct's definition (the view
// type comes after it); C declared with another variable at namespace
// scope, and H as a static local (split, the second would lose `static`);
// D named where the parser does not show a use of it (a macro's
// definition); E in an extern "C" block; F itself volatile; G named in an
// initialiser of namespace scope (`&g_d`, `sizeof g_d`), where pass 2 does
// not rewrite it; I declared again in a function (`extern I *i_d;`, which
// stayed a pointer); J of external linkage initialised with parentheses
// (its symbol cannot be given there); K volatile through a typedef.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/out && cp %s %t.dir/main.cu
// RUN: %exitcode %kdlg-opt %t.dir/main.cu --layout soa -o %t.dir/out/main.cu 2>&1 | FileCheck %s
// CHECK-DAG: remark: struct 'A' keeps its AoS layout: a global pointer variable is declared more than once, and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: remark: struct 'B' keeps its AoS layout: a global pointer variable is declared before the struct's definition, or in another header (the view type is declared after the definition), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: remark: struct 'C' keeps its AoS layout: a global or static pointer variable is declared together with other variables (`S *a, *b;`), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: remark: struct 'D' keeps its AoS layout: global 'd_d' holds its device data, and this 'd_d' is not a use of it the parser shows (a macro's definition, a branch of #if that the preprocessor skips on the host side), which would stay unrewritten [kdlg-rewrite]
// CHECK-DAG: remark: struct 'E' keeps its AoS layout: a global pointer variable is declared in a linkage specification (extern "C"), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: remark: struct 'F' keeps its AoS layout: a global pointer variable is itself volatile (a view is not), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: remark: struct 'G' keeps its AoS layout: global 'g_d' holds its device data and is named outside any function (an initialiser of namespace scope, a default member initialiser), where the rewriter does not follow it [kdlg-rewrite]
// CHECK-DAG: remark: struct 'H' keeps its AoS layout: a global or static pointer variable is declared together with other variables (`S *a, *b;`), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: remark: struct 'I' keeps its AoS layout: global 'i_d' holds its device data and is declared again (`extern` in a function), as a pointer [kdlg-rewrite]
// CHECK-DAG: remark: struct 'J' keeps its AoS layout: a global pointer variable of external linkage is initialised with parentheses
// CHECK-DAG: remark: struct 'K' keeps its AoS layout: a global pointer variable is itself volatile (a view is not)
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
struct E { float x, y; };
extern "C" { E *e_d; }
struct F { float x, y; };
static F *volatile f_d;
struct G { float x, y; };
static G *g_d;
static void *g_slot = &g_d;
static const unsigned long g_bytes = sizeof(g_d);
struct H { float x, y; };
struct I { float x, y; };
I *i_d;
void touch_i() { extern I *i_d; (void)i_d; }
struct J { float x, y; };
J *j_d(nullptr);
struct K { float x, y; };
typedef K *volatile VK;
static VK k_d;
__global__ void ka(A *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kb(B *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kc(C *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kd(D *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void ke(E *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kf(F *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kg(G *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kh(H *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void ki(I *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kj(J *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
__global__ void kk(K *p) { p[threadIdx.x].x += p[threadIdx.x].y; }
void run_h() {
  static H *h_e = nullptr, *h_d = nullptr;
  if (!h_e) cudaMalloc(&h_d, 64 * sizeof(H));
  kh<<<1, 64>>>(h_d);
}
int main() {
  cudaMalloc(&a_d, 64 * sizeof(A)); ka<<<1, 64>>>(a_d);
  cudaMalloc(&b_d, 64 * sizeof(B)); kb<<<1, 64>>>(b_d);
  cudaMalloc(&c_d, 64 * sizeof(C)); kc<<<1, 64>>>(c_d);
  cudaMalloc(&d_d, 64 * sizeof(D)); kd<<<1, 64>>>(FIRST_D());
  cudaMalloc(&e_d, 64 * sizeof(E)); ke<<<1, 64>>>(e_d);
  cudaMalloc((void **)&f_d, 64 * sizeof(F)); kf<<<1, 64>>>(f_d);
  cudaMalloc(&g_d, 64 * sizeof(G)); kg<<<1, 64>>>(g_d);
  run_h();
  cudaMalloc(&i_d, 64 * sizeof(I)); ki<<<1, 64>>>(i_d);
  cudaMalloc(&j_d, 64 * sizeof(J)); kj<<<1, 64>>>(j_d);
  cudaMalloc((void **)&k_d, 64 * sizeof(K)); kk<<<1, 64>>>(k_d);
}
