struct S { int a; int b; };
__global__ void k(S *p) {
  int x = p[0].a
  p[0].b = x;
}

// A parse error is followed by the source line and a caret under the
// column, as clang prints them: the line number in a gutter, then the
// fix-it clang suggests on a line of its own.

// RUN: %exitcode %kdlg-opt %s 2>&1 | FileCheck --strict-whitespace %s

// CHECK:      error-caret.cu:3:17: error: expected ';' at end of declaration
// CHECK-NEXT: {{^}}    3 |   int x = p[0].a{{$}}
// CHECK-NEXT: {{^}}      |                 ^{{$}}
// CHECK-NEXT: {{^}}      |                 ;{{$}}
// CHECK-NEXT: exit=1
