// kdlg-expect: rewritten
// Pointers into the struct array compared (a loop
// for (q = p + b; q < p + e; ++q)): the views' element offsets are
// compared (kdlg_S_diff).  Kept in AoS until 2026-12-02 (unsup_pointer_compare.cu).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 16u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Span {
  int lo, hi;
  float val;
};

__global__ void prefix(Span *p, int n, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int b = t * chunk, e = b + chunk < n ? b + chunk : n;
  if (b >= n)
    return;
  float run = 0.0f;
  for (Span *q = p + b; q < p + e; ++q) {
    run += q->val;
    q->val = run;
    q->hi = q->lo + (int)run;
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, chunk = 32;
  Span *h = (Span *)malloc(n * sizeof(Span));
  for (int i = 0; i < n; i++) {
    h[i].lo = rnd_int(1000);
    h[i].hi = rnd_int(1000);
    h[i].val = rnd_float(0, 4);
  }
  Span *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Span)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Span), cudaMemcpyHostToDevice));
  prefix<<<1, (n + chunk - 1) / chunk>>>(d, n, chunk);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Span), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].lo); PUT(out, h[i].hi); PUT(out, h[i].val);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
