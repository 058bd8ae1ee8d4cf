// (program/cross-file-*.test) the struct and the functions other files call
#pragma once
#include <cuda_runtime.h>
struct P { float x; float v; double w; int id; };
void launch_move(P *d, int n);        // defined in kernels.cu, called from main.cu with device data
void init(P *h, int n);               // defined in kernels.cu, called from main.cu with a host array
__global__ void decay(P *p, int n);   // defined in kernels.cu, launched from main.cu
