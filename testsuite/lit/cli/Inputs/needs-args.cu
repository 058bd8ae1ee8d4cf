// Parses only with -I Inputs/argsdir -DWIDTH=N and BROKEN not defined.
#include "args_dep.h"
#ifndef WIDTH
#error WIDTH must be given
#endif
#ifdef BROKEN
#error BROKEN must be undefined
#endif
struct S { float v[WIDTH]; int tag; };
__global__ void k(S *s) { s[threadIdx.x].tag = (int)s[threadIdx.x].v[0] + ARGS_DEP; }
int main() {
  S *d;
  cudaMalloc(&d, 32 * sizeof(S));
  k<<<1, 32>>>(d);
  return 0;
}
