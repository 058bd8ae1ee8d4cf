// (headers/stale-copy.test) the struct's header included, and nothing in it to change
#include <cuda_runtime.h>
#include "point.h"
__global__ void twice(Point *p, int n) {
  int i = threadIdx.x;
  if (i < n)
    p[i].w *= 2;
}
int main() {
  Point *d;
  cudaMalloc(&d, 10 * sizeof(Point));
  twice<<<1, 10>>>(d, 10);
  cudaFree(d);
}
