// kdlg-expect: rewritten
// Local pointers derived from a kernel parameter (S *q = p + k, &p[i], q++,
// q += k, q -= k, --q), (p + i)->f, p->f, __device__ functions receiving the
// parameter and a derived pointer; n = 33 (not a multiple of any tile).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 33u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Cell {
  float w;
  int id;
  double acc;
  short flags;
};

/* Reads only w and id (never written by the kernels that call it). */
__device__ float weight_of(const Cell *c, int k) { return c[k].w + 0.125f * (float)c->id; }

/* p->f on a pointer that points at the thread's own element. */
__device__ void bump(Cell *c) {
  c->acc += c->w;
  c->flags++;
}

__device__ void add_to(Cell *dst, const Cell *src, int k) { (dst + k)->acc += (double)(src + k)->w * 2.0; }

__global__ void walk(Cell *p, int n, int shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Cell *q = p + i;
  const Cell *nb = &p[(i * 7 + shift) % n];
  double a = q->acc;
  a += weight_of(nb, 0);
  a += weight_of(p, (i + 5) % n);
  Cell *r = p;
  for (int k = 0; k < 4; k++) {
    a += r->w * (float)k;
    r++;
  }
  r += i % 3;
  a += (double)r->id;
  r -= 2;
  a += (r + 1)->w;
  a += p->w; /* element 0 */
  q->acc = a;
  bump(q);
}

__global__ void mirror(Cell *p, Cell *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Cell *e = p + n;
  --e;
  e -= i; /* element n - 1 - i */
  out[i].w = e->w * 0.5f + p[i].w;
  out[i].id = e->id ^ i;
  out[i].flags = (short)(e->flags - 1);
  out[i].acc = e->acc;
  add_to(out, p, i);
  Cell *o = &out[0];
  o += i;
  o->flags += p[i].flags;
}

static void write_all(FILE *f, const Cell *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].w); PUT(f, h[i].id); PUT(f, h[i].acc); PUT(f, h[i].flags);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 33;
  size_t bytes = n * sizeof(Cell);
  Cell *h = (Cell *)malloc(bytes);
  for (int i = 0; i < n; i++) {
    h[i].w = rnd_float(-2, 2);
    h[i].id = rnd_int(1000);
    h[i].acc = rnd_float(-10, 10);
    h[i].flags = (short)rnd_int(500);
  }
  Cell *d_p;
  CHECK(cudaMalloc((void **)&d_p, bytes));
  Cell *d_o;
  CHECK(cudaMalloc((void **)&d_o, bytes));
  CHECK(cudaMemcpy(d_p, h, bytes, cudaMemcpyHostToDevice));
  walk<<<2, 32>>>(d_p, n, 1);
  walk<<<1, 64>>>(d_p, n, 4);
  mirror<<<3, 16>>>(d_p, d_o, n);
  walk<<<5, 8>>>(d_o, n, 2);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_p, bytes, cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  CHECK(cudaMemcpy(h, d_o, bytes, cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_o));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
