/* depfile.h: the files an output was made from, as a Makefile rule (a
 * "depfile"), so a build system re-runs kdlg-opt when one of them changes.
 *
 * `kdlg-opt IN -o OUT --depfile OUT.d` writes
 *
 *     OUT: IN \
 *       /abs/path/of/a/user/header.h ...
 *
 * listing the input and every file its translation unit included that is
 * not a system header (clang's view: -isystem directories, the CUDA toolkit,
 * the C and C++ libraries) nor kdlg-opt's own prelude, each once, by its
 * real path, in the order clang met them.  Ninja's and CMake's DEPFILE read
 * this format (gcc -MD's); blanks, '#' and '$' in paths are escaped for it.
 */
#ifndef KDLG_DEPFILE_H
#define KDLG_DEPFILE_H

#include <stdio.h>

#include <clang-c/Index.h>

/* Writes the depfile of translation unit tu, with rule target `target`
 * (the output's path as given), to `path` atomically (tool/output.h).
 * Returns 0, or -1 with a message on diag (`kdlg-opt: error: ...`). */
int kd_depfile_write(const char *path, const char *target, CXTranslationUnit tu, FILE *diag);

#endif
