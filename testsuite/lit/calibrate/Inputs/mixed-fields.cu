// Four structs, one cluster each: 1-byte fields only (σ(c) = 4 B,
// σ_min = 1 B), an int with a 1-byte flag (σ(c) = 5 B, σ_min = 1 B), two
// ints (σ(c) = 8 B, σ_min = 4 B) and six ints (σ(c) = 24 B, σ_min = 4 B).
struct Bytes { unsigned char r, g, b, a; };
struct Mixed { int count; unsigned char flag; };
struct Ints { int x, y; };
struct Six { int a, b, c, d, e, f; };
__global__ void k(Bytes *p, Mixed *q, Ints *s, Six *t, int *out, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int i = 0; i < n; i++) {
    int e = i * 256 + id;
    acc += p[e].r + p[e].g + p[e].b + p[e].a;
    acc += q[e].count + q[e].flag;
    acc += s[e].x + s[e].y;
    acc += t[e].a + t[e].b + t[e].c + t[e].d + t[e].e + t[e].f;
  }
  out[id] = acc;
}
