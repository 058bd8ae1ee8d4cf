#include "defs.cuh"
void launch(P *d, int n);
int main() {
  P *d;
  cudaMalloc(&d, 64 * sizeof(P));
  launch(d, 64);
  cudaFree(d);
}
