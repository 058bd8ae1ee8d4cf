// (rewrite/neg-clone-header.cu) a prototype in a header outside the input's directory, included after struct P
__host__ __device__ float energy(const P *p, int i);
