struct Hot { float x, y, z, w; int id; };  // rewritten
struct Esc { float a, b; };                // kept: its pointer is stored in memory (copied whole: aligned 8)
struct One { int v; };                     // AoS by the plan: one 4-byte cluster

__device__ Esc *saved;

__global__ void k(Hot *h, Esc *e, One *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    h[i].x += h[i].y;
    { Esc t = e[i]; t.a = t.b; e[i] = t; }
    o[i].v += 1;
    if (i == 0)
      saved = e;
  }
}

int main() {
  Hot *h;
  Esc *e;
  One *o;
  cudaMalloc(&h, 64 * sizeof(Hot));
  cudaMalloc(&e, 64 * sizeof(Esc));
  cudaMalloc(&o, 64 * sizeof(One));
  k<<<1, 64>>>(h, e, o, 64);
  cudaDeviceSynchronize();
  return 0;
}
