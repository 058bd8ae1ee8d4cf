#include "s.cuh"
int main() {
  S *d = make(64);  // another input reads make's value as a pointer
  cudaFree(d);
  run(64);
  return 0;
}
