// CUDA views of at most 128 bytes (issue 21; codegen.h KD_GEN_MAX_VIEW_BYTES).
// nvcc 13.0 hoists the by-value copy of a struct larger than 128 bytes out of
// a loop that changes it: a SoA view of one pointer per field walked by ++
// read element 0 every time (random program 1118, soa; the GPU program
// testsuite/cuda/progs/wide_view_walk.cu).  14 SoA fields: 14 pointers + kd_n +
// kd_o = 128 bytes, one pointer per field as before.  15 fields: 136 bytes, so
// the view holds one pointer per region (kd_s0) and the accessors find a
// field's array at kd_s0 + kd_n * its offset; the conversion then packs and
// unpacks without staging (staging moves per-field pointers).
struct A { int a0; int a1; int a2; int a3; int a4; int a5; int a6; int a7; int a8; int a9; int a10; int a11; int a12; int a13; };
struct B { int b0; int b1; int b2; int b3; int b4; int b5; int b6; int b7; int b8; int b9; int b10; int b11; int b12; int b13; int b14; };

__global__ void ka(A *p, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].a0 + p[i].a1 + p[i].a2 + p[i].a3 + p[i].a4 + p[i].a5 + p[i].a6 + p[i].a7 + p[i].a8 + p[i].a9 + p[i].a10 + p[i].a11 + p[i].a12 + p[i].a13;
}
__global__ void kb(B *q, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = q[i].b0 + q[i].b1 + q[i].b2 + q[i].b3 + q[i].b4 + q[i].b5 + q[i].b6 + q[i].b7 + q[i].b8 + q[i].b9 + q[i].b10 + q[i].b11 + q[i].b12 + q[i].b13 + q[i].b14;
}
void run(A *ha, B *hb, int n) {
  A *p; B *q; int *out;
  cudaMalloc(&p, n * sizeof(A));
  cudaMalloc(&q, n * sizeof(B));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemcpy(p, ha, n * sizeof(A), cudaMemcpyHostToDevice);
  cudaMemcpy(q, hb, n * sizeof(B), cudaMemcpyHostToDevice);
  ka<<<n / 32, 32>>>(p, out);
  kb<<<n / 32, 32>>>(q, out);
}

// RUN: %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// RUN: FileCheck %s < %t.cu
// VERDICT: struct 'A' ({{.*}}): rewritten
// VERDICT: struct 'B' ({{.*}}): rewritten

// CHECK-LABEL: typedef struct kdlg_view_A {
// CHECK:         kdlg_A_t_a0 *kd_f_a0; /* SoA, region 0 */
// CHECK:         kdlg_A_t_a13 *kd_f_a13; /* SoA, region 0 */
// CHECK-NEXT:    kdlg_index kd_n;
// CHECK-NOT:   kd_s0
// CHECK:       } kdlg_view_A;
// CHECK:       kdlg_A_f_a13(kdlg_view_A v, kdlg_index i) { return &v.kd_f_a13[v.kd_o + i]; }

// CHECK-LABEL: typedef struct kdlg_view_B {
// CHECK-NEXT:    unsigned char *kd_s0; /* SoA region 0 */
// CHECK-NEXT:    kdlg_index kd_n;
// CHECK-NEXT:    kdlg_index kd_o;
// CHECK-NEXT:  } kdlg_view_B;
// CHECK:       kdlg_B_t_b0 *kdlg_B_f_b0(kdlg_view_B v, kdlg_index i) { return (KDLG_GLOBAL kdlg_B_t_b0 *)(v.kd_s0 + v.kd_n * 0LL) + (v.kd_o + i); }
// CHECK:       kdlg_B_t_b14 *kdlg_B_f_b14(kdlg_view_B v, kdlg_index i) { return (KDLG_GLOBAL kdlg_B_t_b14 *)(v.kd_s0 + v.kd_n * 56LL) + (v.kd_o + i); }
// CHECK:       inline void kdlg_B_regions(kdlg_view_B v, void **r) {
// CHECK-NEXT:    r[0] = (void *)v.kd_s0;
// CHECK:       inline void kdlg_B_bind(kdlg_view_B *v, void *const *r, long long n) {
// CHECK-NEXT:    v->kd_s0 = (unsigned char *)r[0];
// CHECK-NEXT:    v->kd_n = n;
// CHECK:       struct kdlg_B_conv {
// CHECK:         stage_bytes = 0, stage_zero = 0, stage_in_bytes = 0 };
