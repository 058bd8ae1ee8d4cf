// A function called with device data and with a host array that prints
// __func__ through macros of the file defined after 70 other #define lines
// (every #define line is read, not the first 64): its clone would print
// another name, so the struct keeps its AoS layout, with a remark, and the
// output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-func-many-defines.cu:[[@LINE+79]]:27: remark: struct 'P' keeps its AoS layout: 'energy' is called with device data and with other pointers, and it uses its own name (__func__ or std::source_location, through a macro) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
struct P { float x; float y; int n; };
#define PAD00 0
#define PAD01 1
#define PAD02 2
#define PAD03 3
#define PAD04 4
#define PAD05 5
#define PAD06 6
#define PAD07 7
#define PAD08 8
#define PAD09 9
#define PAD10 10
#define PAD11 11
#define PAD12 12
#define PAD13 13
#define PAD14 14
#define PAD15 15
#define PAD16 16
#define PAD17 17
#define PAD18 18
#define PAD19 19
#define PAD20 20
#define PAD21 21
#define PAD22 22
#define PAD23 23
#define PAD24 24
#define PAD25 25
#define PAD26 26
#define PAD27 27
#define PAD28 28
#define PAD29 29
#define PAD30 30
#define PAD31 31
#define PAD32 32
#define PAD33 33
#define PAD34 34
#define PAD35 35
#define PAD36 36
#define PAD37 37
#define PAD38 38
#define PAD39 39
#define PAD40 40
#define PAD41 41
#define PAD42 42
#define PAD43 43
#define PAD44 44
#define PAD45 45
#define PAD46 46
#define PAD47 47
#define PAD48 48
#define PAD49 49
#define PAD50 50
#define PAD51 51
#define PAD52 52
#define PAD53 53
#define PAD54 54
#define PAD55 55
#define PAD56 56
#define PAD57 57
#define PAD58 58
#define PAD59 59
#define PAD60 60
#define PAD61 61
#define PAD62 62
#define PAD63 63
#define PAD64 64
#define PAD65 65
#define PAD66 66
#define PAD67 67
#define PAD68 68
#define PAD69 69
#define NAME __func__
#define TRACE(i) \
  if ((i) == 0) printf("in %s\n", NAME)
__host__ __device__ float energy(const P *p, int i) {
  TRACE(i);
  return p[i].x;
}
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = energy(p, i);
}
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, o, n);
  return (int)energy(h, 0);
}
