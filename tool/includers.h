/* includers.h: source files of the project that include a header the
 * rewrite changes but that are not inputs (issue 19: HeCBench's rsc and tqs,
 * whose host .cpp files include the rewritten support/common.h and
 * support/task.h, failed to build when only the .cu files were given). */
#ifndef KDLG_INCLUDERS_H
#define KDLG_INCLUDERS_H

#include <stdio.h>

/* Warns, once per (file, header), about every C, C++ or CUDA source file
 * under directory `root` (a real path; hidden directories and kdlg-opt's
 * own outputs skipped, at most 20,000 entries looked at) that is none of
 * the `ninputs` real paths
 * `inputs` and has an `#include` line naming one of the `nheaders` headers
 * (real paths) by its file name:
 *   kdlg-opt: warning: 'F' includes 'H', which the rewrite changes, but is
 *   not an input: give it too (or -p BUILD --all) [kdlg-includer]
 * Returns the number of warnings; reading errors are ignored (a file that
 * cannot be read includes nothing). */
int kd_warn_outside_includers(const char *root, const char *const *inputs, int ninputs, const char *const *headers,
                              int nheaders, FILE *diag);

#endif
