// (program/*.test) the struct both inputs share
#pragma once
#include <cuda_runtime.h>
struct Body {
  float x, y, z;
  float vx, vy, vz;
  double mass;
  int id;
};
