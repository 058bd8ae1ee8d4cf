// kdlg-expect: rewritten
// Function templates whose struct pointer parameters are spelled without a
// template parameter (issue 19; transform/rewrite/flow.c, legality.c): the
// template's text is rewritten once and stands for every instantiation.
// Kernels templated on a step count (a loop bound) and on a value type
// (two instantiations), a prototype before the definition, an explicit
// specialization with a body of its own, a __device__ function template
// called with explicit arguments from a plain kernel, a derived pointer
// launch, cudaLaunchKernel of an instantiation, a whole-element load and
// store inside a template; n = 1001.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 4177u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Atom {
  float3 pos;
  float q;
  double e;
  int kind;
  unsigned char flag;
};

template <int STEPS> __global__ void relax(Atom *a, int n, float dt);

// a helper templated on a stride, called with explicit template arguments
template <int K> __device__ float pull(const Atom *a, int i, int n) { return a[(i + K) % n].q - a[i].q; }

template <int STEPS> __global__ void relax(Atom *a, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = a[i].pos.x;
  for (int s = 0; s < STEPS; s++)
    x += dt * (float)(a[i].kind % 7) - 0.125f * (float)s;
  a[i].pos.x = x;
  a[i].pos.z += (float)STEPS;
}

// its own body: only flag changes
template <> __global__ void relax<0>(Atom *a, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i].flag = (unsigned char)(a[i].flag ^ (dt > 0.0f ? 1 : 2));
}

template <class Real> __global__ void energy(const Atom *a, Real *out, Real scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (Real)a[i].e * scale + (Real)a[i].q;
}

template <class Real> __global__ void charge(Atom *a, const Real *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Atom t = a[i];  // an element loaded whole, then stored whole
  t.q = (float)((Real)t.q + w[i]);
  t.e -= (double)w[i];
  a[i] = t;
}

__global__ void exchange(Atom *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i].e += (double)(pull<1>(a, i, n) + pull<3>(a, i, n));
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1001, k = 5;
  Atom *h = (Atom *)calloc(n, sizeof(Atom));
  float *hf = (float *)calloc(n, sizeof(float));
  double *hd = (double *)calloc(n, sizeof(double));
  for (int i = 0; i < n; i++) {
    h[i].pos = make_float3(rnd_float(-1.0f, 1.0f), rnd_float(-1.0f, 1.0f), rnd_float(-1.0f, 1.0f));
    h[i].q = rnd_float(0.5f, 2.0f);
    h[i].e = (double)rnd_float(1.0f, 4.0f);
    h[i].kind = rnd_int(50);
    h[i].flag = (unsigned char)rnd_int(200);
    hf[i] = rnd_float(0.5f, 1.5f);
  }
  Atom *d;
  float *wf, *of;
  double *od;
  CHECK(cudaMalloc(&d, n * sizeof(Atom)));
  CHECK(cudaMalloc(&wf, n * sizeof(float)));
  CHECK(cudaMalloc(&of, n * sizeof(float)));
  CHECK(cudaMalloc(&od, n * sizeof(double)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Atom), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(wf, hf, n * sizeof(float), cudaMemcpyHostToDevice));
  int block = 64, grid = (n + block - 1) / block;
  relax<4><<<grid, block>>>(d, n, 0.25f);
  relax<0><<<grid, block>>>(d, n, 1.0f);
  relax<3><<<grid, block>>>(d + k, n - k, 0.5f);  // a derived pointer
  int m = n;
  float dt = 0.75f;
  void *args[] = {&d, &m, &dt};
  CHECK(cudaLaunchKernel((const void *)relax<2>, dim3(grid), dim3(block), args, 0, 0));
  exchange<<<grid, block>>>(d, n);
  charge<float><<<grid, block>>>(d, wf, n);
  energy<float><<<grid, block>>>(d, of, 2.0f, n);
  energy<<<grid, block>>>(d, od, 0.5, n);  // Real deduced: double
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Atom), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hf, of, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hd, od, n * sizeof(double), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].pos); PUT(out, h[i].q); PUT(out, h[i].e); PUT(out, h[i].kind); PUT(out, h[i].flag);
    PUT(out, hf[i]); PUT(out, hd[i]);
  }
  CHECK(cudaFree(d));
  CHECK(cudaFree(wf));
  CHECK(cudaFree(of));
  CHECK(cudaFree(od));
  free(h);
  free(hf);
  free(hd);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
