// A struct that declares constructors but no default one, loaded whole in
// a kernel (`V2 a = p[i]`): the generated whole-element load declares an
// element (`V2 s;` in kdlg_V2_load) and fills it field by field, which needs
// a default constructor (review finding: small vector types with
// constructors became non-compiling output once aligned AoS rewrote them by
// default).  It keeps AoS, with a remark at the load (issue 21, class 5:
// it used to be refused for declaring any constructor, wherever it was
// used; accessed field by field it is rewritten, ctor-fieldwise.cu).  The
// output is the input behind the plan comment, in every layout.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %inputs/../rewrite/Inputs/struct-ctor.cu -o %t.dir/auto.cu 2>&1 | FileCheck %s
// RUN: %exitcode %kdlg-opt %inputs/../rewrite/Inputs/struct-ctor.cu --layout soa -o %t.dir/soa.cu 2>&1 | FileCheck %s
// CHECK: struct-ctor.cu:9:23: remark: struct 'V2' keeps its AoS layout: an element is loaded whole and it has no default constructor (the generated load declares an element) [kdlg-rewrite]
// CHECK: exit=0
// RUN: sed '1,/^ \*\/$/d' %t.dir/soa.cu > %t.dir/body.cu
// RUN: cmp %inputs/../rewrite/Inputs/struct-ctor.cu %t.dir/body.cu
