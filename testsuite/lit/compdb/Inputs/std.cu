// Parses only as C++20 (kdlg-opt's default is C++17).
#if __cplusplus < 202002L
#error "needs -std=c++20"
#endif
struct S { int a; int b; int c; };

__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (int i = 0; i < 64; i++)
    s += p[i].c;
  p[id].b = s;
}
