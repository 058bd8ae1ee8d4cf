// kdlg-expect: rewritten
// Field addresses given to functions that use them only within the field
// (issue 19, HeCBench secp256k1: `secp256k1_ge_from_storage(&ge[i],
// &prec[i])` then `secp256k1_fe_from_storage(&r->x, &a->x)`;
// transform/rewrite/fieldptr.c): a kernel converts stored points to working
// points through two levels of helpers, one taking the element, one the
// field's address; another kernel updates a field through its address
// (an atomic on a member array, member writes, a whole copy of the field);
// n = 777 (odd).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 8821u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Limbs { unsigned n[5]; };  // stored form
struct Work { unsigned n[5]; };   // working form
struct Point {
  Limbs x;
  Limbs y;
  int tag;
  float w;
};
struct WPoint { Work x; Work y; };

__device__ void limbs_to_work(Work *r, const Limbs *a) {
  for (int k = 0; k < 5; k++)
    r->n[k] = (a->n[k] * 3u) ^ (a[0].n[(k + 1) % 5] >> 2);
}
__device__ void point_to_work(WPoint *r, const Point *a) {
  limbs_to_work(&r->x, &a->x);
  limbs_to_work(&r->y, &a->y);
}
__device__ void touch(Limbs *a, unsigned v) {
  atomicAdd(&a->n[0], v);
  a->n[1] ^= v;
  (*a).n[2] += a->n[3];
  Limbs t = *a;
  a->n[4] = t.n[0] + t.n[1];
}

__global__ void convert(const Point *p, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  WPoint g;
  point_to_work(&g, &p[i]);
  unsigned s = 0;
  for (int k = 0; k < 5; k++)
    s = s * 31u + g.x.n[k] + 7u * g.y.n[k];
  out[i] = s + (unsigned)p[i].tag;
}

__global__ void update(Point *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  touch(&p[i].y, (unsigned)i + 1u);
  p[i].w *= 0.5f;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 777;
  Point *h = (Point *)malloc(n * sizeof(Point));
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 5; k++) {
      h[i].x.n[k] = (unsigned)rnd_int(1 << 20);
      h[i].y.n[k] = (unsigned)rnd_int(1 << 20);
    }
    h[i].tag = rnd_int(1000);
    h[i].w = rnd_float(0.5f, 4.0f);
  }
  Point *d;
  unsigned *o;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Point)));
  CHECK(cudaMalloc((void **)&o, n * sizeof(unsigned)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Point), cudaMemcpyHostToDevice));
  update<<<(n + 127) / 128, 128>>>(d, n);
  convert<<<(n + 63) / 64, 64>>>(d, o, n);
  update<<<(n + 31) / 32, 32>>>(d, n);
  CHECK(cudaGetLastError());
  unsigned *ho = (unsigned *)malloc(n * sizeof(unsigned));
  CHECK(cudaMemcpy(ho, o, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h, d, n * sizeof(Point), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, ho[i]);
    for (int k = 0; k < 5; k++) { PUT(out, h[i].x.n[k]); PUT(out, h[i].y.n[k]); }
    PUT(out, h[i].tag); PUT(out, h[i].w);
  }
  CHECK(cudaFree(d)); CHECK(cudaFree(o));
  free(h); free(ho);
  fclose(out);
  return 0;
}
