// kdlg-expect: rewritten
// Whole-element loads of structs whose default construction is user code
// (issue 19: HeCBench nbody's Particle; issue 21 class 5): A's device
// default constructor counts itself in a global counter, H's is the host's
// only (nbody: `Particle() : pos{}, vel{}, acc{}, mass{} {}`), V2 has no
// default constructor, P has a default member initialiser that counts too.
// The original copies elements (`A s = a[i]`), running none of them; the
// rewritten loads build their element in raw storage and must run none
// either: the counters are part of the output, beside every field.
// n = 517 (odd: no tile divides it).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 6151u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

__device__ unsigned g_ctor;  // default constructions of A and P on the device

struct A {
  float x, y;
  int id;
  __device__ A() : x(0.0f), y(0.0f), id(-1) { atomicAdd(&g_ctor, 1u); }
};

struct H {
  H() : x{}, y{}, w{} {}  // the host's only
  float x;
  double y;
  float w[3];
};

struct V2 {
  float u, v;
  __host__ __device__ V2(float a, float b) : u(a), v(b) {}
  __host__ __device__ V2 operator+(V2 o) const { return V2(u + o.u, v * o.v); }
};

__device__ unsigned next_id() { return atomicAdd(&g_ctor, 100u); }
struct P {
  float m = 1.0f;
  unsigned tag = next_id();
  short s;
};

__global__ void mix(A *a, H *h, V2 *p, const V2 *q, P *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  A s = a[i];  // a copy: no constructor
  s.x += s.y * 0.5f;
  s.id += i;
  a[i] = s;
  if (i == 0) {
    A fresh;  // one construction, in both programs
    a[0].y += (float)fresh.id;
  }
  H t = h[i];
  t.y += (double)t.x;
  t.w[i % 3] *= 2.0f;
  h[i] = t;
  V2 b = p[i];
  p[i] = b + q[i];
  P c = r[i];
  c.m *= 1.5f;
  c.s = (short)(c.s + 3);
  r[i] = c;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 517;
  A *ha = (A *)malloc(n * sizeof(A));
  H *hh = (H *)malloc(n * sizeof(H));
  V2 *hp = (V2 *)malloc(n * sizeof(V2));
  V2 *hq = (V2 *)malloc(n * sizeof(V2));
  P *hr = (P *)malloc(n * sizeof(P));
  for (int i = 0; i < n; i++) {
    ha[i].x = rnd_float(-2, 2); ha[i].y = rnd_float(0.5f, 3); ha[i].id = rnd_int(50);
    hh[i].x = rnd_float(1, 4); hh[i].y = rnd_float(-1, 1);
    for (int k = 0; k < 3; k++) hh[i].w[k] = rnd_float(0.5f, 2);
    hp[i].u = rnd_float(-3, 3); hp[i].v = rnd_float(0.5f, 2);
    hq[i].u = rnd_float(-3, 3); hq[i].v = rnd_float(0.5f, 2);
    hr[i].m = rnd_float(0.5f, 2); hr[i].tag = (unsigned)rnd_int(1000); hr[i].s = (short)rnd_int(90);
  }
  A *da; H *dh; V2 *dp, *dq; P *dr;
  CHECK(cudaMalloc((void **)&da, n * sizeof(A)));
  CHECK(cudaMalloc((void **)&dh, n * sizeof(H)));
  CHECK(cudaMalloc((void **)&dp, n * sizeof(V2)));
  CHECK(cudaMalloc((void **)&dq, n * sizeof(V2)));
  CHECK(cudaMalloc((void **)&dr, n * sizeof(P)));
  CHECK(cudaMemcpy(da, ha, n * sizeof(A), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dh, hh, n * sizeof(H), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dp, hp, n * sizeof(V2), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dq, hq, n * sizeof(V2), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dr, hr, n * sizeof(P), cudaMemcpyHostToDevice));
  mix<<<(n + 127) / 128, 128>>>(da, dh, dp, dq, dr, n);
  mix<<<(n + 31) / 32, 32>>>(da, dh, dp, dq, dr, n);
  CHECK(cudaGetLastError());
  unsigned ctors = 0;
  CHECK(cudaMemcpyFromSymbol(&ctors, g_ctor, sizeof ctors));
  CHECK(cudaMemcpy(ha, da, n * sizeof(A), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hh, dh, n * sizeof(H), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hp, dp, n * sizeof(V2), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hr, dr, n * sizeof(P), cudaMemcpyDeviceToHost));
  PUT(out, ctors);
  for (int i = 0; i < n; i++) {
    PUT(out, ha[i].x); PUT(out, ha[i].y); PUT(out, ha[i].id);
    PUT(out, hh[i].x); PUT(out, hh[i].y);
    for (int k = 0; k < 3; k++) PUT(out, hh[i].w[k]);
    PUT(out, hp[i].u); PUT(out, hp[i].v);
    PUT(out, hr[i].m); PUT(out, hr[i].tag); PUT(out, hr[i].s);
  }
  CHECK(cudaFree(da)); CHECK(cudaFree(dh)); CHECK(cudaFree(dp)); CHECK(cudaFree(dq)); CHECK(cudaFree(dr));
  free(ha); free(hh); free(hp); free(hq); free(hr);
  fclose(out);
  return 0;
}
