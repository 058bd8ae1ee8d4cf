/* output.h: writing result files atomically, reading files whole, and
 * showing a result as a diff against its original.
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

/* Reads the whole file at path, bytes as they are, into a malloc'd buffer
 * with a NUL after the last byte (*len bytes, NUL not counted; len may be
 * NULL).  NULL with errno set where it cannot be read. */
char *kd_read_file(const char *path, size_t *len);

/* Prints on stdout the unified diff (diffutils' `diff -u`) that turns the
 * file at `orig` (NULL: a new file, /dev/null) into text (len bytes); both
 * sides are labelled `label`, so that `patch -p0` applies it where the
 * paths were given.  Nothing is printed where they are the same.  0, or -1
 * with `PROG: error: ...` on diag (diff not found or in trouble). */
int kd_print_diff(const char *prog, const char *orig, const char *label, const char *text, size_t len, FILE *diag);

/* Whether paths a and b name the same existing file. */
bool kd_same_file(const char *a, const char *b);

#endif
