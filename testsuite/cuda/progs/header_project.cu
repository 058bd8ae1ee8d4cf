// kdlg-expect: rewritten
// Issue 19: a program whose struct lives in a project header (cell.h) and
// whose kernels and __device__ helper live in another header in a
// subdirectory (header_project/kernels.cuh): kdlg-opt rewrites the kernels'
// header beside its output and places the struct's generated code in the
// struct's header.  n = 4099 (no tile divides it), 30 steps.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 4099u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

#include "header_project/kernels.cuh"

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 4099, steps = 30;
  Cell *h = (Cell *)calloc(n, sizeof(Cell));
  for (int i = 0; i < n; i++) {
    h[i].heat = rnd_float(-4.0f, 4.0f);
    h[i].flux = rnd_float(-1.0f, 1.0f);
    h[i].total = (double)rnd_int(1000);
    h[i].id = rnd_int(1 << 20);
    h[i].visits = (short)rnd_int(100);
    h[i].tag = (unsigned char)rnd_int(255);
  }
  Cell *d;
  float *next;
  CHECK(cudaMalloc(&d, n * sizeof(Cell)));
  CHECK(cudaMalloc(&next, n * sizeof(float)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Cell), cudaMemcpyHostToDevice));
  for (int s = 0; s < steps; s++) {
    diffuse<<<8, 128>>>(d, next, n);
    apply<<<(n + 127) / 128, 128>>>(d, next, n);
    if (s % 10 == 9)
      summarize<<<(n + 255) / 256, 256>>>(d, n);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Cell), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].heat);
    PUT(out, h[i].flux);
    PUT(out, h[i].total);
    PUT(out, h[i].id);
    PUT(out, h[i].visits);
    PUT(out, h[i].tag);
  }
  CHECK(cudaFree(d));
  CHECK(cudaFree(next));
  free(h);
  fclose(out);
  return 0;
}
