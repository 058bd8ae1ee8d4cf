// (program/host-cpp*.test) a struct shared by a .cu file and a host-compiled .cpp
#pragma once
#include <cuda_runtime.h>
struct P {
  float x, v;
  double mass;
  int id;
};
void launch_move(P *d, int n, float dt);
