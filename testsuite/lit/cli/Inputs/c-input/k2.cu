#include "s.h"
__global__ void k2(S *p, int n) { int i = threadIdx.x; if (i < n) p[i].y *= 2.0f; }
void run2(int n) { S *d; cudaMalloc(&d, n * sizeof(S)); k2<<<1, n>>>(d, n); cudaFree(d); }
