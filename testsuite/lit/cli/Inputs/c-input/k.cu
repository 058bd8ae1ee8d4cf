#include "s.h"
__global__ void k(S *p, int n) { int i = threadIdx.x; if (i < n) p[i].x += p[i].y; }
void run(int n) { S *d; cudaMalloc(&d, n * sizeof(S)); k<<<1, n>>>(d, n); cudaFree(d); }
