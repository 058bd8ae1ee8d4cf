#include "kernels.cu"  // compiled with main.cu (HeCBench ldpc, black-scholes)
void more(Task *d, int n);
int main() {
  Task *d;
  cudaMalloc(&d, 100 * sizeof(Task));
  run<<<1, 128>>>(d, 100);
  more(d, 100);
  cudaFree(d);
  return 0;
}
