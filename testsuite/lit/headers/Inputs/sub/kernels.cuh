// (headers/kernel-in-header.cu) a kernel and a device helper in a project
// header of a subdirectory, which include the struct's header
#pragma once
#include "../point.h"
__device__ inline float len2(const Point *p, int i) { return p[i].x * p[i].x + p[i].y * p[i].y; }
__global__ void scale(Point *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x *= len2(p, i);
}
