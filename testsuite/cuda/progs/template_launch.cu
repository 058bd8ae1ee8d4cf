// kdlg-expect: rewritten
// Calls that a function template resolves only at instantiation (issue 19:
// HeCBench quicksort's `gqsort_kernel<<<...>>>(db, dnb, blocksb, parentsb,
// newsb)` inside `template <class T> void gqsort(...)`): a host function
// template launches a kernel template whose element type is its own
// parameter T, with device data of Part (a parameter type that does not
// depend on T); the kernel template calls a device function template with
// a template argument that depends on T (`tally<sizeof(T)>(parts, b)`).  Both callees are
// the only functions of their names, so the calls can reach nothing else.
// A third kernel is launched nowhere (dead code, as gmm's
// mstep_covariance1): its parameter stays a pointer.  n = 999 (odd).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define KD_SEED 4409u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Part {
  unsigned start;
  unsigned count;
  float weight;
  double total;
};

template <int W> __device__ float tally(const Part *p, unsigned b) { return p[b].weight * (float)W + (float)p[b].start; }

template <class T>
__global__ void sweep(T *keys, Part *parts, unsigned n) {
  unsigned b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= n)
    return;
  Part *mine = parts + b;
  atomicAdd(&mine->count, 1u);
  keys[b] += (T)tally<sizeof(T)>(parts, b);
  mine->total += (double)keys[b];
}

__global__ void unused_sweep(Part *parts, unsigned n) {  // launched nowhere
  unsigned b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b < n)
    parts[b].start = 0u;
}

template <class T>
void run(T *keys, std::vector<Part> &parts) {
  Part *d;
  CHECK(cudaMalloc((void **)&d, sizeof(Part) * parts.size()));
  CHECK(cudaMemcpy(d, parts.data(), sizeof(Part) * parts.size(), cudaMemcpyHostToDevice));
  unsigned n = (unsigned)parts.size();
  sweep<<<(n + 127) / 128, 128>>>(keys, d, n);
  sweep<<<(n + 63) / 64, 64>>>(keys, d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(parts.data(), d, sizeof(Part) * parts.size(), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d));
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const unsigned n = 999;
  std::vector<Part> parts(n);
  for (unsigned i = 0; i < n; i++)
    parts[i] = {(unsigned)rnd_int(100), (unsigned)rnd_int(7), rnd_float(0.5f, 2.0f), (double)rnd_float(1.0f, 3.0f)};
  float *kf;
  double *kd;
  CHECK(cudaMalloc((void **)&kf, n * sizeof(float)));
  CHECK(cudaMalloc((void **)&kd, n * sizeof(double)));
  CHECK(cudaMemset(kf, 0, n * sizeof(float)));
  CHECK(cudaMemset(kd, 0, n * sizeof(double)));
  run(kf, parts);
  run(kd, parts);
  std::vector<float> hf(n);
  std::vector<double> hd(n);
  CHECK(cudaMemcpy(hf.data(), kf, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hd.data(), kd, n * sizeof(double), cudaMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; i++) {
    PUT(out, parts[i].start); PUT(out, parts[i].count); PUT(out, parts[i].weight); PUT(out, parts[i].total);
    PUT(out, hf[i]); PUT(out, hd[i]);
  }
  CHECK(cudaFree(kf));
  CHECK(cudaFree(kd));
  fclose(out);
  return 0;
}
