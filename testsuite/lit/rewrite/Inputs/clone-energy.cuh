// (neg-clone-header.cu) a prototype in another file, included after struct P
__host__ __device__ float energy(const P *p, int i);
