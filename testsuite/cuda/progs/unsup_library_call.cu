// kdlg-expect: kept
// Unsupported: a pointer into the struct array is passed to a library function
// (device printf, on a path that the data never takes).  Kept in AoS.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 17u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Rec {
  double v;
  int k;
  char c;
};

__global__ void shift(const Rec *in, Rec *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (in[i].k < 0) /* never: k > 0 */
    printf("negative key at %p\n", in + i);
  out[i].v = in[(i + 1) % n].v + (double)in[i].k;
  out[i].k = in[i].k * 3;
  out[i].c = (char)(in[i].c ^ in[(i + 2) % n].c);
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
  shift<<<1, 64>>>(d_in, d_out, n);
  shift<<<2, 32>>>(d_out, d_in, n);
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
