// kdlg-expect: rewritten
// Issue 21, class 5: local references to elements (`P &r = p[i]`,
// `const Q &c = q[k]`, `auto &`, a reference to a reference, references in
// an if and a for header, an index changed after the reference is bound)
// become views of the element; structs that declare constructors are
// rewritten (P: a default constructor of constants only and a converting
// constructor, loaded and stored whole, with a field of type V, `V() =
// default`; Q likewise, `Q() = default`; G has
// constructors but no default one and is accessed field by field).
// n = 1025 elements; every thread reads and writes only its own elements
// of p, o and g (q is only read), so results do not depend on thread order
// (an earlier version added atomically to the next thread's p[i+1].id,
// which that thread also changes with ^= and a whole store: a race).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1025u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

// Structs with constructors, accessed field by field or copied whole
// where the copy runs no user code.  G: constructors, none default (only
// accessed field by field).  P (with a field of type V): a default
// constructor that only gives constants; Q, V: defaulted default
// constructors; and converting ones; loaded and stored whole.
struct G {
  float g;
  int h;
  __host__ __device__ G(float a, int b) : g(a), h(b) {}
};
struct V {
  float u, v;
  V() = default;
  __host__ __device__ V(float a, float b) : u(a), v(b) {}
};
struct P {
  float x;
  float y;
  int id;
  float a[3];
  V w;
  __host__ __device__ P() : x(0.0f), y{}, id(-1), a{}, w{} {}  // constants only: loaded whole all the same
  __host__ __device__ P(float s) : x(s), y(-s), id(7), a{s, s, s}, w(s, s) {}
};
struct Q {
  double m;
  float y;
  short k;
  Q() = default;
  __host__ __device__ Q(double d) : m(d), y((float)d), k(3) {}
};

__device__ float twice(float f) { return 2.0f * f; }

/* Local references to elements: reads, writes, compound assignments,
 * array and nested fields, atomics, whole copies through a reference, a
 * reference to a reference, a reference whose index changes after it is
 * bound, references in an if and a for header. */
__global__ void refs(P *p, const Q *q, Q *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  P &r = p[i];
  const Q &c = q[(i * 5) % n];
  auto &nb = o[i];  // (this thread's output element)
  r.x += c.y * 0.5f;
  r.a[i % 3] -= twice(c.y);
  r.w.u = r.w.v + (float)c.k;
  r.id ^= 3;
  int j = i;
  P &s = p[j];
  j += 3;
  s.y += (float)j;
  P &t = s;
  t.a[0] *= 1.5f;
  atomicAdd(&r.id, 1);
  nb.m += (double)nb.k;
  if (const Q &e = q[n - 1 - i]; e.k > 1)
    o[i].m = e.m + c.m;
  for (Q &f = o[i]; f.k < 6; f.k++)
    f.y += 0.25f;
  P copy = r;
  copy.x = -copy.x;
  r = copy;
  const P &cr = r;
  o[i].y += cr.x + cr.w.u;
}

/* Whole copies of P (a default constructor of constants) through pointers and a
 * converting constructor's temporary; G field by field. */
__global__ void whole(P *p, G *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  g[i].g += (float)(g[i].h & 15);
  g[i].h ^= p[i].id;
  if (i % 7 == 0) {
    p[i] = P((float)(i % 11));
  } else {
    P e = p[i];
    e.w.v += e.a[2];
    p[i] = e;
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1025;
  P *hp = (P *)malloc(n * sizeof(P));
  Q *hq = (Q *)malloc(n * sizeof(Q));
  Q *ho = (Q *)malloc(n * sizeof(Q));
  G *hg = (G *)malloc(n * sizeof(G));
  for (int i = 0; i < n; i++) {
    hp[i].x = rnd_float(-1, 1);
    hp[i].y = rnd_float(-2, 2);
    hp[i].id = rnd_int(1 << 20);
    for (int k = 0; k < 3; k++)
      hp[i].a[k] = rnd_float(0.5f, 1.5f);
    hp[i].w.u = rnd_float(-3, 3);
    hp[i].w.v = rnd_float(-3, 3);
    hq[i].m = (double)rnd_float(-4, 4);
    hq[i].y = rnd_float(-1, 1);
    hq[i].k = (short)rnd_int(4);
    ho[i].m = (double)rnd_float(-4, 4);
    ho[i].y = rnd_float(-1, 1);
    ho[i].k = (short)rnd_int(8);
    hg[i].g = rnd_float(-5, 5);
    hg[i].h = rnd_int(1 << 24);
  }
  P *d_p;
  Q *d_q, *d_o;
  G *d_g;
  CHECK(cudaMalloc(&d_g, n * sizeof(G)));
  CHECK(cudaMemcpy(d_g, hg, n * sizeof(G), cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&d_p, n * sizeof(P)));
  CHECK(cudaMalloc(&d_q, n * sizeof(Q)));
  CHECK(cudaMalloc(&d_o, n * sizeof(Q)));
  CHECK(cudaMemcpy(d_p, hp, n * sizeof(P), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_q, hq, n * sizeof(Q), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_o, ho, n * sizeof(Q), cudaMemcpyHostToDevice));
  int grid = (n + 127) / 128;
  for (int r = 0; r < 3; r++) {
    refs<<<grid, 128>>>(d_p, d_q, d_o, n);
    whole<<<grid, 128>>>(d_p, d_g, n);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(hp, d_p, n * sizeof(P), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(ho, d_o, n * sizeof(Q), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hg, d_g, n * sizeof(G), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, hp[i].x); PUT(out, hp[i].y); PUT(out, hp[i].id); PUT(out, hp[i].a);
    PUT(out, hp[i].w.u); PUT(out, hp[i].w.v);
    PUT(out, ho[i].m); PUT(out, ho[i].y); PUT(out, ho[i].k);
    PUT(out, hg[i].g); PUT(out, hg[i].h);
  }
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_q));
  CHECK(cudaFree(d_o));
  CHECK(cudaFree(d_g));
  free(hp);
  free(hq);
  free(ho);
  free(hg);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
