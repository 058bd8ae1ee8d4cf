// kdlg-expect: rewritten
// Kernels launched through cudaLaunchKernel with an argument array (the C
// API with a cast, the C++ template, and a second array reused across
// launches), besides <<<>>>: the arrays hold &d_p, which stays as it is
// because the kernels' parameters become views passed by value; n = 3001.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 5000u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Particle {
  float x, y;
  double mass;
  int hits;
  short kind;
};

__global__ void push(Particle *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].x += dt * (float)p[i].kind;
    p[i].y -= dt * (float)(p[i].mass * 0.5);
    p[i].hits += p[i].x > 2.0f ? 1 : 0;
  }
}

__global__ void weigh(const Particle *p, Particle *q, int n, double *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    q[i] = p[i];
    q[i].mass = p[i].mass * 2.0 + (double)p[i].y;
    atomicAdd(sum, (double)p[i].hits);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 3001;
  Particle *h = (Particle *)malloc(n * sizeof(Particle));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-3, 3);
    h[i].y = rnd_float(-3, 3);
    h[i].mass = (double)rnd_float(1, 9);
    h[i].hits = rnd_int(5);
    h[i].kind = (short)rnd_int(4);
  }
  Particle *d_p;
  Particle *d_q;
  double *d_sum;
  CHECK(cudaMalloc(&d_p, n * sizeof(Particle)));
  CHECK(cudaMalloc(&d_q, n * sizeof(Particle)));
  CHECK(cudaMalloc(&d_sum, sizeof(double)));
  CHECK(cudaMemset(d_sum, 0, sizeof(double)));
  CHECK(cudaMemcpy(d_p, h, n * sizeof(Particle), cudaMemcpyHostToDevice));
  int nn = n;
  float dt = 0.25f;
  void *push_args[] = {&d_p, &nn, &dt};
  for (int s = 0; s < 5; s++) {
    CHECK(cudaLaunchKernel((const void *)push, dim3((n + 127) / 128), dim3(128), push_args, 0, 0));
    dt *= 0.5f;
  }
  push<<<(n + 255) / 256, 256>>>(d_p, n, 1.0f);
  void *weigh_args[] = {(void *)&d_p, (void *)&d_q, (void *)&nn, (void *)&d_sum};
  CHECK(cudaLaunchKernel(weigh, dim3((n + 63) / 64), dim3(64), weigh_args));
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double sum;
  CHECK(cudaMemcpy(&sum, d_sum, sizeof sum, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h, d_q, n * sizeof(Particle), cudaMemcpyDeviceToHost));
  PUT(out, sum);
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].y); PUT(out, h[i].mass); PUT(out, h[i].hits); PUT(out, h[i].kind);
  }
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_q));
  CHECK(cudaFree(d_sum));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
