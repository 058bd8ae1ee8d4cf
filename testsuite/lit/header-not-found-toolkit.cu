#include <curand_missing.h>
__global__ void k(int *p) { p[0] = 1; }

// A CUDA toolkit header that the toolkit kdlg-opt parses with lacks: the
// note names that toolkit, where it was found, and --cuda-path.

// REQUIRES: cuda-toolkit
// RUN: %exitcode %kdlg-opt %s 2>&1 | FileCheck %s

// CHECK:      header-not-found-toolkit.cu:1:10: error: 'curand_missing.h' file not found
// CHECK-NEXT:   1 | #include <curand_missing.h>
// CHECK-NEXT:     |          ^~~~~~~~~~~~~~~~~~
// CHECK-NEXT: header-not-found-toolkit.cu:1:10: note: 'curand_missing.h' is not in the CUDA toolkit at '{{.+}}' (from {{.+}}): give the toolkit that has it with '--cuda-path DIR'
// CHECK-NEXT: exit=1
