// kdlg-expect: kept
// Unsupported: a pointer into the struct array is passed to a library function
// (device-side memcpy), whose body the rewriter cannot see.  Kept in AoS.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 12u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Rec {
  double v;
  int k;
  char c;
};

__global__ void copy_shift(const Rec *in, Rec *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Rec r;
  memcpy(&r, in + (i + 1) % n, sizeof(Rec));
  r.v += (double)in[i].k;
  r.c = (char)(r.c ^ in[i].c);
  out[i] = r;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 33;
  Rec *h = (Rec *)malloc(n * sizeof(Rec));
  for (int i = 0; i < n; i++) {
    h[i].v = rnd_float(-9, 9);
    h[i].k = rnd_int(1000);
    h[i].c = (char)rnd_int(120);
  }
  Rec *d_in;
  CHECK(cudaMalloc((void **)&d_in, n * sizeof(Rec)));
  Rec *d_out;
  CHECK(cudaMalloc((void **)&d_out, n * sizeof(Rec)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(Rec), cudaMemcpyHostToDevice));
  copy_shift<<<1, 64>>>(d_in, d_out, n);
  copy_shift<<<2, 32>>>(d_out, d_in, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d_in, n * sizeof(Rec), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].v); PUT(out, h[i].k); PUT(out, h[i].c);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
