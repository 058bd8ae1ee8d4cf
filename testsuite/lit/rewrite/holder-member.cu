// A data member that holds device data (issue 19: "pointers stored in a
// struct or class are not followed" before) is a view wherever it is named:
// in a class's methods (implicit this), through an object (`b.d`, `w->d`),
// a constructor's initialiser and a default member initialiser (null), a
// struct of pointers passed to a kernel by value, members exchanged through
// a local (ping-pong buffers).  nvcc compiles the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT-NOT: remark
// VERDICT: struct 'P' ({{.*}}holder-member.cu:[[@LINE+16]]:8): rewritten: {x, y, z, id} SoA
// VERDICT: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s
// CHECK: struct Pair { kdlg_view_P cur = kdlg_P_null(); kdlg_view_P next = kdlg_P_null(); int n; };
// CHECK: if (i < b.n) (*kdlg_P_f_y((b.next), (i))) = (*kdlg_P_f_x((b.cur), (i))) + 1.0f;
// CHECK: Grid(int n) : d_(kdlg_P_null()), n_(n) { kdlg_P_malloc((void **)&d_, n_ * sizeof(P)); }
// CHECK: void upload(const P *h) { kdlg_P_copy_in(d_, h, n_ * sizeof(P), cudaMemcpyHostToDevice); }
// CHECK: void shift() { advance<<<4, 256>>>(kdlg_P_offset(d_, (1)), n_ - 1); }
// CHECK: kdlg_view_P d_;
// CHECK: kdlg_P_malloc(&b.cur, n * sizeof(P));
// CHECK: kdlg_view_P t = b.cur;
// CHECK-NEXT: b.cur = b.next;
// CHECK-NEXT: b.next = t;
// CHECK: kdlg_P_free(b.cur);
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
__global__ void advance(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].x += p[i].y * p[i].z;
}
struct Pair { P *cur = nullptr; P *next = nullptr; int n; };
__global__ void step(Pair b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < b.n) b.next[i].y = b.cur[i].x + 1.0f;
}
class Grid {
 public:
  Grid(int n) : d_(nullptr), n_(n) { cudaMalloc((void **)&d_, n_ * sizeof(P)); }
  void upload(const P *h) { cudaMemcpy(d_, h, n_ * sizeof(P), cudaMemcpyHostToDevice); }
  void run() { advance<<<4, 256>>>(d_, n_); }
  void shift() { advance<<<4, 256>>>(d_ + 1, n_ - 1); }
  ~Grid() { cudaFree(d_); }
 private:
  P *d_;
  int n_;
};
int main() {
  int n = 1000;
  P *h = new P[n]();
  Grid g(n);
  g.upload(h);
  g.run();
  g.shift();
  Pair b;
  b.n = n;
  cudaMalloc(&b.cur, n * sizeof(P));
  cudaMalloc(&b.next, n * sizeof(P));
  for (int s = 0; s < 3; s++) {
    step<<<4, 256>>>(b);
    P *t = b.cur;
    b.cur = b.next;
    b.next = t;
  }
  cudaFree(b.cur);
  cudaFree(b.next);
  delete[] h;
  return 0;
}
