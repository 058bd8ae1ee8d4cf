// NITER comes from the build's definitions (or a pre-included header).
struct S { int a; int b; int c; };

__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (int i = 0; i < NITER; i++)
    s += p[i].c;
  p[id].b = s;
}
