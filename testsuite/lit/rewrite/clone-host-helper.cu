// A host helper called with a device pointer and with a host array is cloned
// too (a host function's clone stays a host function): the call with device
// data inside the original's own body calls the clone, which the prototype's
// clone declares before it; the clone's CUDA memory calls are the view forms.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck %s
// ERR-NOT: remark
// ERR:     exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
void zero(P *q, int n, bool on_device);
// CHECK:      {{^}}void zero(P *q, int n, bool on_device);{{$}}
// CHECK-NEXT: {{^}}void zero__kdlg_P(kdlg_view_P q, int n, bool on_device);{{$}}
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].y;
}
// zeroes n elements of q: device data directly, a host array through a device buffer
void zero(P *q, int n, bool on_device) {
  if (on_device) {
    cudaMemset(q, 0, n * sizeof(P));
    return;
  }
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  zero(d, n, true);
  cudaMemcpy(q, d, n * sizeof(P), cudaMemcpyDeviceToHost);
  cudaFree(d);
}
// CHECK:      {{^}}void zero(P *q, int n, bool on_device) {{{$}}
// CHECK-NEXT: {{^}}  if (on_device) {{{$}}
// CHECK-NEXT: {{^}}    cudaMemset(q, 0, n * sizeof(P));{{$}}
// CHECK-NEXT: {{^}}    return;{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  kdlg_view_P d;{{$}}
// CHECK-NEXT: {{^}}  kdlg_P_malloc(&d, n * sizeof(P));{{$}}
// CHECK-NEXT: {{^}}  zero__kdlg_P(d, n, true);{{$}}
// CHECK-NEXT: {{^}}  kdlg_P_copy_out(q, d, n * sizeof(P), cudaMemcpyDeviceToHost);{{$}}
// CHECK-NEXT: {{^}}  kdlg_P_free(d);{{$}}
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-NEXT: {{^}}/* kdlg-opt: 'zero' for device data of P (the calls that pass it) */{{$}}
// CHECK-NEXT: {{^}}void zero__kdlg_P(kdlg_view_P q, int n, bool on_device) {{{$}}
// CHECK-NEXT: {{^}}  if (on_device) {{{$}}
// CHECK-NEXT: {{^}}    kdlg_P_memset(q, 0, n * sizeof(P));{{$}}
// CHECK-NEXT: {{^}}    return;{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}  kdlg_view_P d;{{$}}
// CHECK-NEXT: {{^}}  kdlg_P_malloc(&d, n * sizeof(P));{{$}}
// CHECK-NEXT: {{^}}  zero__kdlg_P(d, n, true);{{$}}
// CHECK-NEXT: {{^}}  kdlg_P_copy_between(q, d, n * sizeof(P), cudaMemcpyDeviceToHost);{{$}}
// CHECK-NEXT: {{^}}  kdlg_P_free(d);{{$}}
// CHECK-NEXT: {{^}}}{{$}}
int main() {
  int n = 64;
  P *h = (P *)malloc(n * sizeof(P));
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  zero(d, n, true);
// CHECK: {{^}}  zero__kdlg_P(d, n, true);{{$}}
  k<<<1, 64>>>(d, n);
  zero(h, n, false);
// CHECK: {{^}}  zero(h, n, false);{{$}}
  return 0;
}
