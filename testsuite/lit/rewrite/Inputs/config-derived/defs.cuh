#pragma once
// a debug switch the project derives from another (HeCBench local-ht's kernel.hpp)
#ifdef DEBUG_GPU
#define DEBUG_PRINT_GPU 1
#endif
struct P { float x, y; };
