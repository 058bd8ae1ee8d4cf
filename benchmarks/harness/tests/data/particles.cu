// A small struct program for the harness tests (never run): four fields, a
// hot pair (x, y) and two cold ones, so the KDLG has more than one cluster.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct Particle {
  float x;
  float y;
  float mass;
  int id;
};

__global__ void drift(Particle *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].x += dt * p[i].y;
    p[i].y -= dt * p[i].x;
  }
}

__global__ void weigh(Particle *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].mass = p[i].mass * 0.5f + (float)p[i].id;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  size_t bytes = (size_t)n * sizeof(Particle);
  Particle *h = (Particle *)malloc(bytes);
  for (int i = 0; i < n; i++) {
    h[i].x = 1.0f + i % 7;
    h[i].y = 2.0f + i % 5;
    h[i].mass = 3.0f;
    h[i].id = i;
  }
  Particle *d;
  cudaMalloc(&d, bytes);
  cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice);
  drift<<<(n + 255) / 256, 256>>>(d, n, 0.01f);
  weigh<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost);
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += h[i].x + h[i].y + h[i].mass;
  printf("kdlg-bench name=particles elements=%d bytes=%zu\n", n, bytes);
  printf("kdlg-bench checksum=%.9e\n", sum);
  cudaFree(d);
  free(h);
  return 0;
}
