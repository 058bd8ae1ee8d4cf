// Helper for unsup_extern_function.cu: a __device__ function whose body is in
// another file, so kdlg-opt cannot see (or rewrite) what it does with the pointer.
#ifndef UNSUP_EXTERN_FUNCTION_CUH
#define UNSUP_EXTERN_FUNCTION_CUH
template <class S> __device__ float extern_sum(const S *p, int i) { return p[i].a + p[i].b; }
#endif
