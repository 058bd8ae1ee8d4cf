/* output.h: writing result files atomically.
 *
 * A result is produced completely in memory first; it reaches its path
 * through a temporary file in the same directory and rename(2), so a reader
 * sees the old file or the whole new one, never a half-written one.
 */
#ifndef KDLG_OUTPUT_H
#define KDLG_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes len bytes to `path` atomically ("-" = stdout).  On failure prints
 * `PROG: error: ...` to diag (prog: the tool's name), leaves no temporary file and returns -1. */
int kd_write_atomic(const char *prog, const char *path, const char *data, size_t len, FILE *diag);

/* Creates the directories of path's parent that do not exist (mkdir -p of
 * its dirname).  0, or -1 with `PROG: error: ...` on diag. */
int kd_make_parents(const char *prog, const char *path, FILE *diag);

/* Whether paths a and b name the same existing file. */
bool kd_same_file(const char *a, const char *b);

#endif
