#pragma once
#include <cuda_runtime.h>
struct S { float x, y; };
S *make(int n);
void run(int n);
