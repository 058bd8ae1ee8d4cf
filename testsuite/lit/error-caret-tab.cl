struct S { int a; int b; };
__kernel void k(__global struct S *p) {
	int	x = p[0].a
	p[0].b = x;
}

// A tab in the source line is expanded to the next multiple of 8 columns
// and the caret stays under the byte it points at, as clang prints them:
// the same lines come from kdlg-opt and from clang itself.

// RUN: %exitcode %kdlg-opt %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: not %clang-cl %s 2>&1 | FileCheck --strict-whitespace %s

// CHECK:      error-caret-tab.cl:3:16: error: expected ';' at end of declaration
// CHECK-NEXT: {{^}}    3 |         int     x = p[0].a{{$}}
// CHECK-NEXT: {{^}}      |                           ^{{$}}
// CHECK-NEXT: {{^}}      |                           ;{{$}}
