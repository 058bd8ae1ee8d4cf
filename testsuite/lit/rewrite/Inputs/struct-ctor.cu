// a small C++ struct with constructors and an operator, copied whole in a kernel
struct V2 {
  float x, y;
  __host__ __device__ V2(float a, float b) : x(a), y(b) {}
  __host__ __device__ V2 operator+(const V2 &o) const { return V2(x + o.x, y + o.y); }
};
__global__ void k(V2 *p, const V2 *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { V2 a = p[i]; p[i] = a + q[i]; }
}
int main() {
  V2 *p, *q;
  cudaMalloc((void **)&p, 64 * sizeof(V2));
  cudaMalloc((void **)&q, 64 * sizeof(V2));
  k<<<1, 64>>>(p, q, 64);
  return 0;
}
