// Issue 21, class 3: an input that starts with a UTF-8 byte-order mark (this
// file behind one, made by the RUN line): the mark ended up after the
// output's plan comment, a stray character there, and nvcc rejected the
// output.  Now the output starts with the mark, then the plan comment, and
// holds no other; it compiles.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'\xef\xbb\xbf' + open(sys.argv[1], 'rb').read())" %s > %t.dir/bom.cu
// RUN: %exitcode %kdlg-opt %t.dir/bom.cu --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: %python -c "import sys; t = open(sys.argv[1], 'rb').read(); print(t.startswith(b'\xef\xbb\xbf/* Data layout'), t.count(b'\xef\xbb\xbf'))" %t.dir/out.cu | FileCheck %s
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: True 1
#include <cuda_runtime.h>
struct S { float x; float y; float z; int id; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].x = p[i].y + p[i].z;
}
int main() { S *d; cudaMalloc(&d, 100 * sizeof(S)); k<<<1, 100>>>(d, 100); cudaFree(d); return 0; }
