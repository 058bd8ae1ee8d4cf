// (program/includer.test) a header that the rewrite changes (a kernel's prototype)
struct Task { float w; int id; float q; };
#ifdef __CUDACC__
__global__ void run(Task *t, int n);
#endif
