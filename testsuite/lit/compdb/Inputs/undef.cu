// NITER is 32 unless the build defines it (and does not undefine it again).
#ifndef NITER
#define NITER 32
#endif
struct S { int a; int b; int c; };

__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (int i = 0; i < NITER; i++)
    s += p[i].c;
  p[id].b = s;
}
