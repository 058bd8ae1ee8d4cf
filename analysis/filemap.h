/* filemap.h: the files of a translation unit that kdlg-opt may rewrite,
 * laid end to end in one offset space (issue 19: structs and kernels in the
 * project's own headers).
 *
 * The rewriter (transform/rewrite/) places its edits by byte offset (edits.h)
 * and reads the text around them.  A KdFileMap gives it one text and one
 * offset space for every file it may change: the main file first, at offset
 * 0 (so a program of one file has the offsets it always had), then each
 * project header, in the order the preprocessor first entered them, each
 * followed by one '\n' that belongs to no file (so a line start, a scan for
 * ';' or a range never runs from one file into the next unseen, and the end
 * of a file is not the start of the next).
 *
 * A project header is a file the translation unit includes that is not a
 * system header (not under -isystem, not the CUDA toolkit's, not the
 * built-in prelude) and whose real path lies under `root`: the directory of
 * the input, or the common directory of several inputs.  A header outside
 * it is read, analysed, never written: what would need to change there
 * keeps its struct in AoS (the rewriter says so).
 *
 * Offsets are bytes.  The map owns its text; the CXFile handles belong to
 * the translation unit, which must outlive the map.
 */
#ifndef KDLG_FILEMAP_H
#define KDLG_FILEMAP_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

typedef struct KdMappedFile {
  CXFile file;           // the translation unit's handle
  char *name;            // the file's name as clang spells it (the input path as given for the main file)
  char *real;            // its real path (realpath), or a copy of name when there is none
  unsigned base;         // its first byte in the map's text
  unsigned len;          // its bytes
  unsigned include_end;  // a header: the map offset just after the line of the main file's #include that first
                         // brought it in (directly or through other headers); the main file: 0
} KdMappedFile;

typedef struct KdFileMap {
  KdMappedFile *files;   // files[0]: the main file; then the project headers
  int nfiles;
  int capfiles;          // (room in files)
  char *text;            // every file's bytes, each followed by '\n'; NUL-terminated (text[len] == 0)
  size_t len;            // bytes of text (the last file's separator included)
} KdFileMap;

/* The map of tu's main file `main_path` and its project headers under the
 * directory `root` (NULL: the main file's directory).  Never NULL (an
 * unreadable header is left out of the map: it is then never rewritten). */
KdFileMap *kd_filemap_new(CXTranslationUnit tu, const char *main_path, const char *root);
void kd_filemap_free(KdFileMap *m);

/* Index of the mapped file whose handle is f, or -1 (NULL f: -1). */
int kd_filemap_find(const KdFileMap *m, CXFile f);

/* The map offset of byte `offset` of the mapped file f: true and *out, or
 * false when f is not mapped or the offset lies past its end. */
bool kd_filemap_offset(const KdFileMap *m, CXFile f, unsigned offset, unsigned *out);

/* Index of the file whose bytes [base, base + len] hold map offset `off`
 * (its end offset included: an insertion at the end of a file is that
 * file's), or -1 for an offset in no file. */
int kd_filemap_file_at(const KdFileMap *m, unsigned off);

/* Compares map offsets a and b in the order the translation unit reads
 * them: a header's bytes come where the main file's #include line that
 * first brought it in ends, headers behind one such line in the order they
 * were first entered (exact for headers the main file includes directly;
 * for a nested header, its bytes count as after all of its includer's).
 * Returns < 0, 0 or > 0. */
int kd_filemap_compare(const KdFileMap *m, unsigned a, unsigned b);

/* The source location of map offset `off` in tu (the null location for an
 * offset in no file). */
CXSourceLocation kd_filemap_location(const KdFileMap *m, CXTranslationUnit tu, unsigned off);

#endif
