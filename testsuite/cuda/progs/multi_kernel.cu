// kdlg-expect: rewritten
// Several kernels and many launches (a 1-D cellular automaton over 40 steps):
// grid-stride loops, const __restrict__ parameters, a block reduction through
// shared memory with an integer atomic result per step, the same device array
// passed to different kernels in turn; n = 5000.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 5000u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Automaton {
  int state;
  int next;
  float energy;
  unsigned char age;
  unsigned short flips;
};

__global__ void compute_next(Automaton *a, int n, unsigned rule) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int l = a[(i + n - 1) % n].state, c = a[i].state, r = a[(i + 1) % n].state;
    int pattern = (l << 2) | (c << 1) | r;
    a[i].next = (int)((rule >> pattern) & 1u);
  }
}

__global__ void commit(Automaton *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    if (a[i].next != a[i].state) {
      a[i].flips++;
      a[i].age = 0;
      a[i].energy = a[i].energy * 0.5f + 1.0f;
    } else {
      a[i].age = (unsigned char)(a[i].age + 1);
      a[i].energy -= 0.0625f;
    }
    a[i].state = a[i].next;
  }
}

__global__ void count_alive(const Automaton *__restrict__ a, int n, int *total) {
  __shared__ int partial[256];
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    sum += a[i].state + (a[i].age > 3 ? 2 : 0);
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if ((int)threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(total, partial[0]);
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 5000, steps = 40;
  Automaton *h = (Automaton *)malloc(n * sizeof(Automaton));
  for (int i = 0; i < n; i++) {
    h[i].state = (int)(lcg() & 1u);
    h[i].next = -rnd_int(9);
    h[i].energy = rnd_float(1, 4);
    h[i].age = (unsigned char)rnd_int(7);
    h[i].flips = (unsigned short)rnd_int(100);
  }
  Automaton *d_a;
  CHECK(cudaMalloc((void **)&d_a, n * sizeof(Automaton)));
  int *d_total;
  CHECK(cudaMalloc((void **)&d_total, steps * sizeof(int)));
  CHECK(cudaMemset(d_total, 0, steps * sizeof(int)));
  CHECK(cudaMemcpy(d_a, h, n * sizeof(Automaton), cudaMemcpyHostToDevice));
  for (int s = 0; s < steps; s++) {
    unsigned rule = s % 3 == 0 ? 110u : s % 3 == 1 ? 30u : 90u;
    compute_next<<<7, 128>>>(d_a, n, rule);
    commit<<<(n + 255) / 256, 256>>>(d_a, n);
    count_alive<<<5, 256>>>(d_a, n, d_total + s);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int totals[steps];
  CHECK(cudaMemcpy(totals, d_total, sizeof totals, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h, d_a, n * sizeof(Automaton), cudaMemcpyDeviceToHost));
  for (int s = 0; s < steps; s++)
    PUT(out, totals[s]);
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].state); PUT(out, h[i].next); PUT(out, h[i].energy); PUT(out, h[i].age); PUT(out, h[i].flips);
  }
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_total));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
