// a view local to a constructor, named in a skipped #ifdef branch
struct P { float x; float y; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].x += p[i].y;
}
struct Runner {
  int n;
  Runner(int m) : n(m) {
    P *d;
    cudaMalloc((void **)&d, n * sizeof(P));
#ifdef CLEAR
    cudaMemset(d, 0, n * sizeof(P));
#endif
    k<<<1, 64>>>(d, n);
    cudaFree(d);
  }
};
int main() {
  Runner r(64);
  return 0;
}
