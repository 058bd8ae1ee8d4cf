#ifdef TOOLKIT
#include <thrust/whatever_missing.h>
#elif defined(SAMPLES)
#include "helper_cuda.h"
#else
#include "kdlg_missing_header.h"
#endif
__global__ void k(int *p) { p[0] = 1; }

// A header not found is followed by a note on how to give kdlg-opt its
// directory, by the header's kind: the program's own (-I after --, or -p
// BUILD_DIR for compile_commands.json); one of the CUDA toolkit's
// (--cuda-path; here left out by -nocudainc); one of the CUDA samples'.

// RUN: %exitcode %kdlg-opt %s 2>&1 | FileCheck %s --check-prefix=USER
// RUN: %exitcode %kdlg-opt %s -- -DTOOLKIT -nocudainc 2>&1 | FileCheck %s --check-prefix=TOOLKIT
// RUN: %exitcode %kdlg-opt %s -- -DSAMPLES -nocudainc 2>&1 | FileCheck %s --check-prefix=SAMPLES

// USER:      header-not-found-hint.cu:6:10: error: 'kdlg_missing_header.h' file not found
// USER-NEXT:   6 | #include "kdlg_missing_header.h"
// USER-NEXT:     |          ^~~~~~~~~~~~~~~~~~~~~~~
// USER-NEXT: header-not-found-hint.cu:6:10: note: kdlg-opt parses with the include path it is given: give the directory that holds 'kdlg_missing_header.h' with '-I DIR', or '-p BUILD_DIR' to read the input's arguments from BUILD_DIR/compile_commands.json
// USER-NEXT: exit=1

// TOOLKIT:      header-not-found-hint.cu:2:10: error: 'thrust/whatever_missing.h' file not found
// TOOLKIT-NEXT:   2 | #include <thrust/whatever_missing.h>
// TOOLKIT-NEXT:     |          ^~~~~~~~~~~~~~~~~~~~~~~~~~~
// TOOLKIT-NEXT: header-not-found-hint.cu:2:10: note: 'thrust/whatever_missing.h' is a header of the CUDA toolkit, which -nocudainc leaves out: drop -nocudainc (and give the toolkit's directory with '--cuda-path DIR' where it is not found)
// TOOLKIT-NOT:  -I DIR
// TOOLKIT:      exit=1

// SAMPLES:      header-not-found-hint.cu:4:10: error: 'helper_cuda.h' file not found
// SAMPLES-NEXT:   4 | #include "helper_cuda.h"
// SAMPLES-NEXT:     |          ^~~~~~~~~~~~~~~
// SAMPLES-NEXT: header-not-found-hint.cu:4:10: note: 'helper_cuda.h' is a header of the CUDA samples (their Common/ directory), not of the toolkit: give that directory with '-I DIR'
// SAMPLES-NEXT: exit=1
