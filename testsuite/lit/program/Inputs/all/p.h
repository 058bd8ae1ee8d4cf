/* (program/all-*.test) the struct, shared by a .cu file and a host .cpp */
#pragma once
#include <cuda_runtime.h>
typedef struct P {
  float x, v;
  double mass;
  int id;
} P;
void launch_move(P *d, int n, float dt);
