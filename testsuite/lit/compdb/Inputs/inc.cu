// NITER comes from cfg.h, found only through the build's include path
// (Inputs/inc/, not beside this file).
#include "cfg.h"

struct S { int a; int b; int c; };

__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (int i = 0; i < NITER; i++)
    s += p[i].c;
  p[id].b = s;
}
