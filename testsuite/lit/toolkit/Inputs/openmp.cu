// A CUDA program whose host code uses OpenMP: built with nvcc -Xcompiler
// -fopenmp, which hands -fopenmp to the host compiler (omp.h, _OPENMP).
#include <cstdio>
#include <cstdlib>
#include <omp.h>
#ifndef _OPENMP
#error "needs the host compiler's -fopenmp"
#endif

struct Particle { float x; float v; float m; };

__global__ void drift(Particle *p, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].v * dt;
}

int main() {
  const int n = 4096;
  Particle *h = (Particle *)malloc(n * sizeof(Particle));
  double t0 = omp_get_wtime();
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    h[i].x = (float)i;
    h[i].v = 1.0f;
    h[i].m = 2.0f;
  }
  Particle *d;
  cudaMalloc(&d, n * sizeof(Particle));
  cudaMemcpy(d, h, n * sizeof(Particle), cudaMemcpyHostToDevice);
  drift<<<n / 256, 256>>>(d, 0.1f, n);
  cudaMemcpy(h, d, n * sizeof(Particle), cudaMemcpyDeviceToHost);
  cudaFree(d);
  printf("%g %d threads, %.3f s\n", h[n - 1].x, omp_get_max_threads(), omp_get_wtime() - t0);
  free(h);
  return 0;
}
