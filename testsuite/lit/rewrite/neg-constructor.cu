// A struct that declares a constructor keeps AoS: the rewritten code declares
// an element (`S s;` in kdlg_S_load) and fills it field by field, which needs
// a default constructor (review finding: small vector types with
// constructors became non-compiling output once aligned AoS rewrote them by
// default).  The output is the input behind the plan comment, in every layout.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %inputs/../rewrite/Inputs/struct-ctor.cu -o %t.dir/auto.cu 2>&1 | FileCheck %s
// RUN: %exitcode %kdlg-opt %inputs/../rewrite/Inputs/struct-ctor.cu --layout soa -o %t.dir/soa.cu 2>&1 | FileCheck %s
// CHECK: struct-ctor.cu:4:23: remark: struct 'V2' keeps its AoS layout: it declares a constructor (the rewritten code builds elements field by field) [kdlg-rewrite]
// CHECK: exit=0
// RUN: sed '1,/^ \*\/$/d' %t.dir/soa.cu > %t.dir/body.cu
// RUN: cmp %inputs/../rewrite/Inputs/struct-ctor.cu %t.dir/body.cu
