// kdlg-expect: rewritten
// Two structs where the first kernel of the file uses the struct declared
// second (Weight), so kdlg-opt's plan lists Weight before Point.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 808u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Point {
  float x, y;
  int id;
};

struct Weight {
  double w;
  short k;
};

__global__ void init_weights(Weight *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  w[i].w = w[i].w * 0.5 + (double)w[i].k;
  w[i].k = (short)(w[i].k + 1);
}

__global__ void apply(Point *p, const Weight *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  p[i].x *= (float)w[i].w;
  p[i].y -= (float)w[(i + 1) % n].k;
  p[i].id ^= w[i].k;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Point *hp = (Point *)malloc(n * sizeof(Point));
  Weight *hw = (Weight *)malloc(n * sizeof(Weight));
  for (int i = 0; i < n; i++) {
    hp[i].x = rnd_float(-1, 1);
    hp[i].y = rnd_float(-1, 1);
    hp[i].id = rnd_int(1 << 20);
    hw[i].w = rnd_float(0, 2);
    hw[i].k = (short)rnd_int(100);
  }
  Point *d_p;
  CHECK(cudaMalloc((void **)&d_p, n * sizeof(Point)));
  Weight *d_w;
  CHECK(cudaMalloc((void **)&d_w, n * sizeof(Weight)));
  CHECK(cudaMemcpy(d_p, hp, n * sizeof(Point), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_w, hw, n * sizeof(Weight), cudaMemcpyHostToDevice));
  init_weights<<<(n + 127) / 128, 128>>>(d_w, n);
  apply<<<(n + 127) / 128, 128>>>(d_p, d_w, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hp, d_p, n * sizeof(Point), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hw, d_w, n * sizeof(Weight), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, hp[i].x); PUT(out, hp[i].y); PUT(out, hp[i].id); PUT(out, hw[i].w); PUT(out, hw[i].k);
  }
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_w));
  free(hp);
  free(hw);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
