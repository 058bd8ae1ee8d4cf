// kdlg-expect: rewritten
// Issue 21, class 4: structs that kept AoS with a wrong reason and are now
// rewritten: one declared inside `extern "C" { }` (with a kernel there
// too), an explicit class-template specialization, and accesses inside
// macro arguments that the body puts in parentheses and uses twice
// (`ADD_TWO(acc, (r++)->z)` steps r twice, before and after).  n = 1003.
// Race-free: thread i touches elements 2i and 2i+1 of p only (an earlier
// version wrote p[2i+2].y, the next thread's element, and its GPU result
// depended on the order of the threads).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1025u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

#define TWICE(e) ((e) + (e))
#define SCALE(e) (3 * (e))
#define BUMP(a) ((a)++, (a) += 2)
#define ADD_TWO(acc, e) ((acc) += (e), (acc) += (e))

extern "C" {
struct P {
  float x, y, z;
  int id;
  short s;
};
__global__ void inside(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].z = p[i].x * 2.0f + (float)p[i].s;
}
}

template <typename T> struct Q { T a; };
template <> struct Q<float> {
  float a, b;
  int c;
};

__global__ void outside(P *p, Q<float> *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n / 2)
    return;
  P *r = p + 2 * i;  // two elements per thread: r walks them
  float acc = 0.0f;
  ADD_TWO(acc, (r++)->z);  // z of p[2i], then of p[2i+1]
  p[2 * i].x = TWICE(p[2 * i].y) + acc;
  --r;  // back to p[2i+1] (p[2i+2] is the next thread's: no thread touches another's elements)
  r->y = SCALE(r->x);
  BUMP(p[2 * i + 1].id);
  q[i].a += TWICE(q[i].b);
  BUMP(q[(i + 1) % n].c);  // each element's c by one thread
}

__global__ void last(Q<float> *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) q[i].b = SCALE(q[i].a) + (float)q[i].c;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  P *h = (P *)malloc(n * sizeof(P));
  Q<float> *g = (Q<float> *)malloc(n * sizeof(Q<float>));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-1, 1);
    h[i].y = rnd_float(-2, 2);
    h[i].z = rnd_float(-2, 2);
    h[i].id = rnd_int(1 << 20);
    h[i].s = (short)rnd_int(1000);
    g[i].a = rnd_float(-1, 1);
    g[i].b = rnd_float(-1, 1);
    g[i].c = rnd_int(1000);
  }
  P *d_p;
  Q<float> *d_q;
  CHECK(cudaMalloc(&d_p, n * sizeof(P)));
  CHECK(cudaMalloc(&d_q, n * sizeof(Q<float>)));
  CHECK(cudaMemcpy(d_p, h, n * sizeof(P), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_q, g, n * sizeof(Q<float>), cudaMemcpyHostToDevice));
  int grid = (n + 127) / 128;
  for (int r = 0; r < 3; r++) {
    inside<<<grid, 128>>>(d_p, n);
    outside<<<grid, 128>>>(d_p, d_q, n);
    last<<<grid, 128>>>(d_q, n);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_p, n * sizeof(P), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(g, d_q, n * sizeof(Q<float>), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].y); PUT(out, h[i].z); PUT(out, h[i].id); PUT(out, h[i].s);
    PUT(out, g[i].a); PUT(out, g[i].b); PUT(out, g[i].c);
  }
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_q));
  free(h);
  free(g);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
