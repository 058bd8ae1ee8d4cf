// (program/unrelated-input.test) an input that declares the struct without its definition
#include <cuda_runtime.h>
struct Body;
void keep(Body **b) { cudaMalloc((void **)b, 64); }
