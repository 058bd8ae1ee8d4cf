// (headers/same-dir.test, stale-copy.test) copied next to kernels-src.cuh
#include "kernels-src.cuh"
int main() {
  Point *d;
  cudaMalloc(&d, 10 * sizeof(Point));
  scale<<<1, 10>>>(d, 10);
  cudaFree(d);
}
