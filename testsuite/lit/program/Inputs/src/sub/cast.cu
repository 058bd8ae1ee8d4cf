// (program/several-kept.test) an input that reads the struct through a cast
#include "../body.h"
__global__ void raw(Body *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = ((float *)b)[i];
}
int main() {
  Body *d;
  float *o;
  cudaMalloc(&d, 1000 * sizeof(Body));
  cudaMalloc(&o, 1000 * sizeof(float));
  raw<<<4, 256>>>(d, o, 1000);
  cudaFree(d);
  cudaFree(o);
}
