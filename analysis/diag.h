/* diag.h: kdlg-opt's remarks, in clang's diagnostic form
 * `file:line:col: remark: MESSAGE [kdlg-TAG]`, so that editors and CI read
 * them like the compiler's.  Every remark of the tool goes through here: the
 * access model's (a struct not eligible, a call not followed), the plan's
 * (nothing to optimize, uniform structs) and the rewriter's (a struct kept in
 * AoS, with the reason at the place).  Remarks are one line each.
 *
 * Errors (clang's, forwarded by frontend.c, and kdlg-opt's own with a line
 * and column in a file) are followed by the source line and a caret under
 * the column, as clang's text output prints them (kd_snippet):
 *
 *   k.cu:3:17: error: expected ';' at end of declaration
 *       3 |   int x = p[0].a
 *         |                 ^
 *         |                 ;
 */
#ifndef KDLG_DIAG_H
#define KDLG_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include <clang-c/Index.h>

/* A place in a source file, 1-based line and column (bytes); line 0: the
 * file as a whole (`file: remark: ...`). */
typedef struct KdLoc {
  const char *file;
  unsigned line, col;
} KdLoc;

/* Writes `file:line:col: remark: MESSAGE [kdlg-TAG]` and a newline to out;
 * MESSAGE is printf's `fmt` with the arguments.  Nothing is written where out
 * is NULL. */
void kd_remark(FILE *out, KdLoc at, const char *tag, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void kd_vremark(FILE *out, KdLoc at, const char *tag, const char *fmt, va_list ap);

/* kd_remark at a libclang location: its expansion location (a remark about
 * code spelled in a macro argument or body points at the macro's use), the
 * file named `fallback` where libclang gives the location no file. */
void kd_remark_at(FILE *out, CXSourceLocation at, const char *fallback, const char *tag, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void kd_vremark_at(FILE *out, CXSourceLocation at, const char *fallback, const char *tag, const char *fmt, va_list ap);

/* Columns [from, to) of a snippet's line (1-based, in bytes) underlined
 * with '~' (clang's highlighted ranges); from == to underlines nothing.
 * from 0: from the line's first non-blank (a range that starts on an
 * earlier line); to UINT_MAX: to the end of its last (one that ends on a
 * later line). */
typedef struct KdSnippetRange {
  unsigned from, to;
} KdSnippetRange;

/* Text that a fix-it inserts (or puts in place of a range) at byte column
 * `col` of a snippet's line: shown on a third line, as clang does. */
typedef struct KdSnippetFixIt {
  unsigned col;
  const char *text;
} KdSnippetFixIt;

/* Writes line `line` (1-based) of text[0..len) and under it the caret line,
 * exactly as clang's text diagnostics do:
 *
 *   "%*u | LINE"   the line number right-aligned in max(4, digits of
 *                  line + 16) columns plus one (clang's gutter), the line
 *                  with each tab expanded to the next multiple of 8
 *                  columns (clang's -ftabstop default);
 *   "  ... | ~~ ^" '^' under byte column `col` (1-based; past the line's
 *                  end: that many columns after it), '~' under `ranges`,
 *                  each a range of that line; trailing blanks dropped;
 *   "  ... | TEXT" the fix-its' texts at their columns (only fix-its
 *                  without a newline; a line only where there is one).
 *
 * Columns count bytes of the file; on screen a UTF-8 sequence is one column
 * and a tab up to 8.  A line ends at '\n', '\r' or the end of text.  Returns
 * 0, or -1 (nothing written) when text has no line `line` (line 0: none). */
int kd_snippet(FILE *out, const char *text, size_t len, unsigned line, unsigned col, const KdSnippetRange *ranges,
               int nranges, const KdSnippetFixIt *fixits, int nfixits);

/* kd_snippet of the file at `path`, read from disk, with the caret alone
 * (for kdlg-opt's own `file:line:col: error:` messages).  col_in_chars: col
 * counts UTF-8 characters (jansson's columns), not bytes.  Returns 0, or -1
 * (nothing written) when the file cannot be read or has no such line. */
int kd_snippet_file(FILE *out, const char *path, unsigned line, unsigned col, bool col_in_chars);

#endif
