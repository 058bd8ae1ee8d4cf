// kdlg-expect: rewritten
// Issue 21, class 3: the value of a pointer update as the base of an access
// (`(q++)->x`, `(++q)->y`, `q++[0].a[1]`, `(q -= 2)->x`, `(*q--).y`,
// `(q += 3)->id ^= 5`, `S s = *w++`, `*w++ = s`, a comma ending in an
// update, an update inside an index, `(q = p + 4 * i)->a[2]`, `(w = o + 4 *
// i)[3]`).  The output used to leave `->`, `[ ]` and `*` applied to a view
// (nvcc failed).  Each thread owns elements 4i .. 4i+3; n = 1003 threads.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1025u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct S {
  float x;
  float y;
  int id;
  float a[3];
};

__global__ void walk4(S *p, S *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  S *q = p + 4 * i;
  S *w = o + 4 * i;
  float acc = (q++)->x;          // q: 4i+1
  acc += (++q)->y;               // q: 4i+2
  acc += q++[0].a[1];            // q: 4i+3
  acc += (q -= 2)->x;            // q: 4i+1
  acc += (*q--).y;               // q: 4i
  (q += 3)->id ^= 5;             // q: 4i+3
  S s = *w++;                    // w: 4i+1
  s.x += acc;
  *w++ = s;                      // w: 4i+2
  int g = 0;
  (g++, q--)->a[0] = (float)g;   // q: 4i+2
  w[(q++)->id & 0].y += 1.5f;    // q: 4i+3
  (q = p + 4 * i)->a[2] = acc;   // q: 4i
  S t = (w = o + 4 * i)[3];
  t.y -= (q + 1)->x;
  *(w + 3) = t;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, m = 4 * n;
  S *h = (S *)malloc(m * sizeof(S));
  S *g = (S *)malloc(m * sizeof(S));
  for (int i = 0; i < m; i++) {
    h[i].x = rnd_float(-1, 1);
    h[i].y = rnd_float(-2, 2);
    h[i].id = rnd_int(1 << 30);
    for (int k = 0; k < 3; k++)
      h[i].a[k] = rnd_float(0, 1);
    g[i] = h[(i * 7) % m];
  }
  S *d_p, *d_o;
  CHECK(cudaMalloc(&d_p, m * sizeof(S)));
  CHECK(cudaMalloc(&d_o, m * sizeof(S)));
  CHECK(cudaMemcpy(d_p, h, m * sizeof(S), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_o, g, m * sizeof(S), cudaMemcpyHostToDevice));
  int grid = (n + 127) / 128;
  for (int r = 0; r < 2; r++)
    walk4<<<grid, 128>>>(d_p, d_o, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_p, m * sizeof(S), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(g, d_o, m * sizeof(S), cudaMemcpyDeviceToHost));
  for (int i = 0; i < m; i++) {
    PUT(out, h[i].x); PUT(out, h[i].y); PUT(out, h[i].id); PUT(out, h[i].a);
    PUT(out, g[i].x); PUT(out, g[i].y); PUT(out, g[i].id); PUT(out, g[i].a);
  }
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_o));
  free(h);
  free(g);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
