// (header_project.cu) kernels and a __device__ helper defined in a project
// header that includes the struct's header: kdlg-opt must rewrite this file too.
#pragma once
#include "cell.h"

__device__ inline float neighbour_heat(const Cell *c, int i, int n) {
  return 0.25f * (c[(i + n - 1) % n].heat + c[(i + 1) % n].heat);
}

__global__ void diffuse(Cell *c, float *next, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    next[i] = 0.5f * c[i].heat + neighbour_heat(c, i, n) + 0.01f * c[i].flux;
    c[i].visits++;
  }
}

__global__ void apply(Cell *c, const float *next, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i].flux = next[i] - c[i].heat;
    c[i].heat = next[i];
  }
}

__global__ void summarize(Cell *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i].total += (double)c[i].heat * (c[i].id % 3 + 1);
    c[i].tag = (unsigned char)(c[i].tag ^ (c[i].visits & 0xff));
  }
}
