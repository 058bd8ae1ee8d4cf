// Includes a user header (which includes another) and system headers:
// only the user's go into the depfile.
#include <stdio.h>
#include <cuda_runtime.h>
#include "hdr/a.h"

struct S { float a; float b; };

__global__ void k(S *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i].a = p[i].b * SCALE;
}
