// (program/host-cpp-cudacc.test) device code of a shared header under __CUDACC__
#pragma once
#include <cuda_runtime.h>
struct Q {
  float x, y;
  double w;
};
#ifdef __CUDACC__
__device__ inline float qsum(const Q *q, int i) { return q[i].x + q[i].y; }
#endif
void launch_sum(Q *d, float *out, int n);
