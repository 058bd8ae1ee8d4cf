// (program/host-cpp-namespace.test) a struct of a namespace, shared by a .cu file and a .cpp
#pragma once
#include <cuda_runtime.h>
namespace md {
struct P {
  float x, v;
  double mass;
};
void launch_move(P *d, int n, float dt);
}  // namespace md
