// (headers/same-dir.test, stale-copy.test) a kernel in a header next to its input
#pragma once
#include <cuda_runtime.h>
struct Point { float x; float y; double w; int tag; };
__global__ void scale(Point *p, int n) {
  int i = threadIdx.x;
  if (i < n)
    p[i].x *= p[i].y;
}
