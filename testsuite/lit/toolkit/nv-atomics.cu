// nvcc >= 12.8 has built-in atomics with an order and a scope
// (__nv_atomic_load_n(p, __NV_ATOMIC_RELAXED), __nv_atomic_fetch_add(p, v,
// __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE), ...); their constants are
// in crt/device_functions.h, which clang's CUDA wrapper never includes, and
// the functions are nvcc's builtins.  kdlg-opt declares both
// (analysis/nvcc_compat.h), and nvcc compiles the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=STATUS
// STATUS-NOT: error
// STATUS: exit=0
// RUN: FileCheck %s --input-file %t.dir/out.cu
// CHECK: Node: epsilon 128 B; {parent,rank,key} 12 B SoA -> rewritten
// CHECK: {{^}}__global__ void link(kdlg_view_Node g, int *hits, int n)
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cstdio>

struct Node { int parent; int rank; float key; };

__global__ void link(Node *g, int *hits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int p = g[i].parent;
  int old = __nv_atomic_load_n(&hits[p], __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(&hits[p], 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  int expected = old;
  bool won = __nv_atomic_compare_exchange_n(&hits[i], &expected, old + 1, false, __NV_ATOMIC_ACQ_REL,
                                            __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(&hits[n + i], (int)won, __NV_ATOMIC_RELEASE);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_BLOCK);
  g[i].rank = old + g[i].rank;
  g[i].key = g[i].key * 0.5f;
}

int main() {
  const int n = 512;
  Node *g;
  int *hits;
  cudaMalloc(&g, n * sizeof(Node));
  cudaMalloc(&hits, 2 * n * sizeof(int));
  cudaMemset(g, 0, n * sizeof(Node));
  cudaMemset(hits, 0, 2 * n * sizeof(int));
  link<<<n / 128, 128>>>(g, hits, n);
  cudaDeviceSynchronize();
  cudaFree(hits);
  cudaFree(g);
  printf("done\n");
  return 0;
}
