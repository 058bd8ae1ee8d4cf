struct S { int a; int b; int c; };

__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (int i = 0; i < NITER; i++)
    s += p[i].c;
  p[id].b = s;
}

// Arguments after `--` reach the parser: with -DNITER=64 the loop is constant,
// trip 64 (rule c).  Stream a, 64 x c, b:
//   δ(a,c) = 4, δ(b,c) = 63*4 + 4 = 256, δ(a,b) = 64*4 + 4 = 260.
// -p DIR reads the same -D from DIR/compile_commands.json.
// Without the definition NITER is undeclared: exit 1.

// RUN: %kdlg-opt-provisional %s --emit-plan - -- -DNITER=64 | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --emit-plan - -- -D NITER=64 | %plancheck | FileCheck %s
// RUN: %exitcode %kdlg-opt-provisional %s --emit-plan - 2>&1 | FileCheck %s --check-prefix=UNDEF
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cp %s %t.dir/k.cu
// RUN: echo '[{"directory": "%t.dir", "file": "k.cu", "arguments": ["nvcc", "-DNITER=64", "-c", "k.cu"]}]' > %t.dir/compile_commands.json
// RUN: %kdlg-opt-provisional %t.dir/k.cu -p %t.dir --emit-plan - | %plancheck | FileCheck %s

// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 256
// CHECK-NEXT: edge a b 260
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=k function=k line=6 trip=64 rule=c

// UNDEF:     compiler-args.cu:6:23: error: use of undeclared identifier 'NITER'
// UNDEF:     exit=1
