struct S { int a; int b; };
__device__ int f(S *p) { return p[0].a; }
#ifdef WITH_KERNEL
__global__ void k(S s, float *out) { out[threadIdx.x] = s.a + s.b; }
#endif

// Nothing to optimize still writes a valid DOT graph, labelled with the
// reason the remark gives: a file without kernels, and (-DWITH_KERNEL) one
// whose kernel reaches S only by value, not through a global pointer.

// RUN: rm -f %t.none.dot %t.byvalue.dot
// RUN: %exitcode %kdlg-opt %s --emit-dot %t.none.dot 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --check-prefix=NONE < %t.none.dot
// RUN: dot -Tsvg %t.none.dot -o /dev/null
// RUN: %exitcode %kdlg-opt %s --emit-dot %t.byvalue.dot -- -DWITH_KERNEL 2>&1 | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --check-prefix=BYVALUE < %t.byvalue.dot
// RUN: dot -Tsvg %t.byvalue.dot -o /dev/null

// EXIT:      remark: nothing to optimize
// EXIT:      exit=0

// NONE:      {{^}}graph "kdlg" {{{$}}
// NONE-NEXT:   label="kdlg-opt: nothing to optimize: no kernels in this file";
// NONE-NEXT:   fontname="Helvetica";
// NONE-NEXT: {{^}}}{{$}}

// BYVALUE:      {{^}}graph "kdlg" {{{$}}
// BYVALUE-NEXT:   label="kdlg-opt: nothing to optimize: no kernel reaches an eligible struct through a global pointer";
// BYVALUE-NEXT:   fontname="Helvetica";
// BYVALUE-NEXT: {{^}}}{{$}}
