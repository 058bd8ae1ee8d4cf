// kdlg-expect: rewritten
// Elements passed by reference to plain functions (S & and const S &
// parameters): a view of the one element each call binds.  `dot` is
// declared before its definition and given the same element twice
// (`dot(*q, q[0])`, aliasing), `len2` passes its reference on, `bump`
// writes through it, `via_val` copies it into a by-value parameter and
// reads sizeof, `mixed` and `hd` are also called with a local element and
// (hd) from the host with host data: their text stays for those calls, a
// clone takes the device's.  `walk` binds references in a loop with a
// stride, `swap_el` exchanges two elements through references.  n = 517
// (odd: no tile divides it); every field and every output byte is compared.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 7919u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct P {
  float x, y, z;
  int id;
  double w;
};

__device__ float dot(const P &a, const P &b);
__device__ float len2(const P &a) { return dot(a, a); }
__device__ void bump(P &a, float d) { a.x += d; a.y -= d; a.id++; a.w *= 0.5; }
__device__ float byval(P v) { return v.x * v.z + (float)v.w; }
__device__ float via_val(const P &a) { return byval(a) + (float)sizeof(a); }
__device__ float mixed(const P &a) { return a.x - a.y + (float)a.id; }
__host__ __device__ float hd(const P &a) { return a.z * 2.0f - (float)a.w; }
__device__ float dot(const P &a, const P &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ void swap_el(P &a, P &b) { P t = a; a = b; b = t; }
__device__ double walk(const P &first, const P &last) { return first.w + last.w * 3.0 + first.id - last.id; }

__global__ void k(P *p, float *o, double *o2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  P loc = p[(i + 1) % n];
  float r = len2(p[i]) + mixed(p[i]) + mixed(loc) + via_val(p[i]) + hd(p[i]);
  P *q = p + i;
  r += dot(*q, q[0]);
  o[i] = r;
  double s = 0;
  for (int j = i; j < n; j += 97) s += walk(p[j], p[n - 1 - (j % n)]);
  o2[i] = s;
}

__global__ void k2(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  bump(p[i], 0.25f * (float)(i % 7));
}

__global__ void k3(P *p, int n) {  // one thread: exchanges neighbours pairwise
  if (blockIdx.x == 0 && threadIdx.x == 0)
    for (int i = 0; i + 1 < n; i += 2) swap_el(p[i], p[i + 1]);
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 517;
  P *h = (P *)calloc(n, sizeof(P));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-4.0f, 4.0f);
    h[i].y = rnd_float(-4.0f, 4.0f);
    h[i].z = rnd_float(-4.0f, 4.0f);
    h[i].id = rnd_int(1000);
    h[i].w = (double)rnd_float(1.0f, 9.0f);
  }
  P *d;
  float *o;
  double *o2;
  CHECK(cudaMalloc(&d, n * sizeof(P)));
  CHECK(cudaMalloc(&o, n * sizeof(float)));
  CHECK(cudaMalloc(&o2, n * sizeof(double)));
  CHECK(cudaMemcpy(d, h, n * sizeof(P), cudaMemcpyHostToDevice));
  k<<<(n + 127) / 128, 128>>>(d, o, o2, n);
  k2<<<(n + 63) / 64, 64>>>(d, n);
  k3<<<1, 32>>>(d, n);
  CHECK(cudaGetLastError());
  float *ho = (float *)malloc(n * sizeof(float));
  double *ho2 = (double *)malloc(n * sizeof(double));
  CHECK(cudaMemcpy(ho, o, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(ho2, o2, n * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h, d, n * sizeof(P), cudaMemcpyDeviceToHost));
  float hs = 0;
  for (int i = 0; i < n; i++) {
    PUT(out, ho[i]);
    PUT(out, ho2[i]);
    PUT(out, h[i].x);
    PUT(out, h[i].y);
    PUT(out, h[i].z);
    PUT(out, h[i].id);
    PUT(out, h[i].w);
    hs += hd(h[i]);
  }
  PUT(out, hs);
  fclose(out);
  CHECK(cudaFree(d));
  CHECK(cudaFree(o));
  CHECK(cudaFree(o2));
  free(h);
  free(ho);
  free(ho2);
  return 0;
}
