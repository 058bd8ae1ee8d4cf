__kernel void k(__global int *out) {
  out[0] = "abc" * 2;
}

// The ranges clang highlights are underlined with '~' on the caret line,
// as clang prints them (the same lines from kdlg-opt and from clang).

// RUN: %exitcode %kdlg-opt %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %clang-cl %s 2>&1 | FileCheck --strict-whitespace %s

// CHECK:      error-caret-range.cl:2:18: error: invalid operands to binary expression
// CHECK-NEXT: {{^}}    2 |   out[0] = "abc" * 2;{{$}}
// CHECK-NEXT: {{^}}      |            ~~~~~ ^ ~{{$}}
