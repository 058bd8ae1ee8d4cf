// (program/*.test) another input, in a subdirectory: a kernel that reads the cold fields
#include "../body.h"
__global__ void weigh(Body *b, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = b[i].mass * b[i].id;
}
int main() {
  Body *d;
  double *o;
  cudaMalloc(&d, 1000 * sizeof(Body));
  cudaMalloc(&o, 1000 * sizeof(double));
  weigh<<<4, 256>>>(d, o, 1000);
  cudaFree(d);
  cudaFree(o);
}
