// kdlg-expect: rewritten
// Issue 21, class 3: member functions called on elements of device data
// (`p[i].norm()`, `p[i].set(v, k)`, `r.update(dt)` through a reference,
// `q->scale(s)` through a pointer, `(p + i)->bump()`), each cloned into a
// free function that takes the element's view: a const member function, one
// that writes some fields (only those), one with arguments, one calling others on `this`
// (implicitly and as this->), an array field and a nested field; the host
// calls the originals on its own copy and writes those results too.
// n = 1025 elements; each thread reads and writes only its own element, so
// results do not depend on thread order.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#define KD_SEED 1025u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct V { float u, v; };
struct M {
  float x;
  double w[3];
  int id;
  V in;
  short tag;
  __host__ __device__ float norm() const { return x * x + (float)this->w[0] + (*this).in.u; }
  __host__ __device__ void set(float v, int k) { w[k % 3] = v; tag = (short)(tag + k); }
  __host__ __device__ void update(float dt) { x += dt * in.v; set(norm(), id); }
  __host__ __device__ void scale(float s) { in.u *= s; this->update(s); }
  __host__ __device__ int bump() { return ++id; }
};

__global__ void methods(M *p, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  o[i] = p[i].norm();
  p[i].set(o[i] * 0.5f, i);
  M &r = p[i];
  r.update(0.25f);
  M *q = p + i;
  q->scale(1.5f);
  int b = (p + i)->bump();
  o[n + i] = (float)b + (*q).norm();
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1025;
  M *h = (M *)calloc(n, sizeof(M));
  float *ho = (float *)calloc(2 * n, sizeof(float));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-2.0f, 2.0f);
    for (int k = 0; k < 3; k++) h[i].w[k] = (double)rnd_float(-1.0f, 1.0f);
    h[i].id = rnd_int(1000);
    h[i].in.u = rnd_float(-1.0f, 1.0f);
    h[i].in.v = rnd_float(-1.0f, 1.0f);
    h[i].tag = (short)rnd_int(100);
  }
  M host = h[7];  // the originals on a host object
  host.update(0.5f);
  float hn = host.norm();
  M *d; float *d_o;
  CHECK(cudaMalloc(&d, n * sizeof(M)));
  CHECK(cudaMalloc(&d_o, 2 * n * sizeof(float)));
  CHECK(cudaMemcpy(d, h, n * sizeof(M), cudaMemcpyHostToDevice));
  for (int rep = 0; rep < 3; rep++)
    methods<<<(n + 127) / 128, 128>>>(d, d_o, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(M), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(ho, d_o, 2 * n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x);
    for (int k = 0; k < 3; k++) PUT(out, h[i].w[k]);
    PUT(out, h[i].id);
    PUT(out, h[i].in.u);
    PUT(out, h[i].in.v);
    PUT(out, h[i].tag);
  }
  put(out, ho, 2 * n * sizeof(float));
  PUT(out, hn);
  PUT(out, host.x);
  CHECK(cudaFree(d));
  CHECK(cudaFree(d_o));
  free(h);
  free(ho);
  fclose(out);
  return 0;
}
