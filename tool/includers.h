/* includers.h: source files of the project that include a header the
 * rewrite changes but that are not inputs (issue 19: HeCBench's rsc and tqs,
 * whose host .cpp files include the rewritten support/common.h and
 * support/task.h, failed to build when only the .cu files were given). */
#ifndef KDLG_INCLUDERS_H
#define KDLG_INCLUDERS_H

#include <stdbool.h>
#include <stddef.h>
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

/* The project, for KdRewriteOptions.outside_names: its directory `root`
 * (a real path). */
typedef struct KdOutside {
  const char *root;
} KdOutside;

/* KdRewriteOptions.outside_names over KdOutside ctx: whether a C, C++ or
 * CUDA source or header under its root (walked as
 * kd_warn_outside_includers does) other than the `nskip` real paths `skip`
 * (the asking unit's own files: the other inputs count too, since their
 * declarations of `name` are not followed) spells `name` as a word
 * (comments too: conservative);
 * the first one's path relative to root goes to `file` (n bytes).  A walk
 * cut short at 20,000 entries counts as found (a file not looked at may
 * name it). */
bool kd_outside_names(void *ctx, const char *name, const char *const *skip, int nskip, char *file, size_t n);

#endif
