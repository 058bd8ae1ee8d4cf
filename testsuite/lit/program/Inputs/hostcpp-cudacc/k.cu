// (program/host-cpp-cudacc.test) a kernel that calls the header's device function
#include "q.h"
__global__ void sum(Q *q, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = qsum(q, i);
}
void launch_sum(Q *d, float *out, int n) { sum<<<(n + 127) / 128, 128>>>(d, out, n); }
