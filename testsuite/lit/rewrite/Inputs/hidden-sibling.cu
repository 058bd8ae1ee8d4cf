// two pointer variables named q in sibling scopes of one kernel
struct P { float x; float y; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i & 1) {
    P *q = p + i;
    q->x += 1.0f;
  } else {
    P *q = p + i;
    q->y += 2.0f;
  }
}
int main() {
  P *d;
  cudaMalloc((void **)&d, 64 * sizeof(P));
  k<<<1, 64>>>(d, 64);
  cudaFree(d);
  return 0;
}
