// A branch that the host side skips but nvcc's device pass compiles is
// not a configuration's branch: its text must be rewritten, which the
// parser cannot do, so the struct keeps AoS with the hidden-use remark.
// P: a macro that only the device side defines (`#ifdef __CUDA_ARCH__`
// earlier); Q: a device branch for an older architecture (`__CUDA_ARCH__ <
// 700`), skipped on both sides for sm_90, but another architecture of the
// same build compiles it (the #if spells __CUDA_ARCH__).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu -- --cuda-gpu-arch=sm_90 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK-DAG: neg-config-branch-device.cu:[[@LINE+13]]:14: remark: struct 'P' keeps its AoS layout: 'p' is used where the parser does not see it
// CHECK-DAG: neg-config-branch-device.cu:[[@LINE+19]]:14: remark: struct 'Q' keeps its AoS layout: 'q' is used where the parser does not see it
// CHECK: exit=0
// RUN: grep -v "^//" %t.dir/out.cu | FileCheck %s --check-prefix=OUT
// OUT-NOT: #error
#ifdef __CUDA_ARCH__
#define ON_DEVICE 1
#endif
struct P { float x, y; };
__global__ void kp(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#ifdef ON_DEVICE
  if (i < n) p[i].y = p[i].x;
#endif
}
struct Q { float a, b; };
__global__ void kq(Q *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700
  if (i < n) q[i].b = q[i].a;
#endif
  if (i < n) q[i].a += 1.0f;
}
int main() {
  P *dp; Q *dq;
  cudaMalloc(&dp, 64 * sizeof(P));
  cudaMalloc(&dq, 64 * sizeof(Q));
  kp<<<1, 64>>>(dp, 64);
  kq<<<1, 64>>>(dq, 64);
}
