/* compdb.h: a source file's parser arguments from the build that compiles
 * it (compile_commands.json, clang's JSON compilation database).
 *
 * kdlg-opt must see a kernel as the build's compiler sees it (Kofler et al.
 * 2015, Fig. 4: the front end parses the program as compiled), so it reads
 * the entry of its input in the build's database, as clang tools do with
 * -p.  libclang's CXCompilationDatabase loads the database; this module
 * picks the input's own entry (libclang would also invent one, from a
 * similar file, for a file the build does not compile) and turns its
 * command, nvcc's or clang's, into clang's arguments:
 *
 *   - response files are expanded: `@FILE` (GNU), `--options-file FILE` and
 *     `-optf FILE` (nvcc; a comma-separated list of files), as CMake >= 3.25
 *     writes them for nvcc's include paths; their text is split as GNU tools
 *     split it (blanks, '...' and "..." quoting, backslash escapes:
 *     libiberty's buildargv); nested files at most 16 deep;
 *   - the options that change how the source parses are kept, in nvcc's and
 *     clang's spellings, and written in clang's:
 *       -I D, -ID, --include-path D, --include-path=D          -> -ID
 *       -isystem D, -isystemD, --system-include D (or =D)       -> -isystem D
 *       -iquote D                                               -> -iquote D
 *       -D M, -DM, --define-macro M (or =M)                     -> -DM
 *       -U M, -UM, --undefine-macro M (or =M)                   -> -UM
 *       -include F, --pre-include F (or =F)                     -> -include F
 *       -std=S, -std S, --std=S, --std S                        -> -std=S
 *       --cuda-path=D, --cuda-path D                            -> --cuda-path=D
 *   - of the host compiler's options, those that change how the source
 *     parses (nvcc hands them to the preprocessing of device code too):
 *       -Xcompiler L, -Xcompiler=L, --compiler-options L (or =L),
 *       L a comma-separated list holding -fopenmp; a bare -fopenmp   -> -fopenmp
 *     (once; the list's other options, -Xcompiler -DX among them, are
 *     dropped);
 *   - every other argument is dropped, with its value where it takes one
 *     (-o FILE, -arch sm_90, -gencode ..., -Xcompiler ARG, -ccbin DIR: a
 *     table of nvcc's and clang's options that take a value in the next
 *     argument), so no value is read as an option;
 *   - relative paths (of -I, -isystem, -iquote, -include, --cuda-path and of
 *     response files) are resolved against the entry's `directory`, where the
 *     compiler ran (an -include file not found there stays as written: the
 *     compiler then looks for it on the include path).
 */
#ifndef KDLG_COMPDB_H
#define KDLG_COMPDB_H

#include <stdbool.h>
#include <stdio.h>

/* A source file's parser arguments and where they came from. */
typedef struct KdCompdbArgs {
  char **args;  // clang's arguments (each malloc'd; NULL when nargs is 0)
  int nargs;
  char *db;     // the compile_commands.json they came from (malloc'd); NULL: no database used
} KdCompdbArgs;

/* kd_compdb_lookup's failures. */
enum {
  KD_COMPDB_ERROR = -1,        // a response file cannot be read (printed)
  KD_COMPDB_NO_DATABASE = -2,  // build_dir given, BUILD_DIR/compile_commands.json unreadable or no database (printed)
};

/* The parser arguments of `input` (a path to an existing file, relative to
 * the working directory or absolute).
 *
 * build_dir given (kdlg-opt -p): BUILD_DIR/compile_commands.json must load
 * (a JSON array: it is read once with jansson first, so that a broken one
 * is reported here, in one line, and libclang never prints its own noise);
 * the first entry whose `file` is `input` (both resolved to real paths)
 * gives the arguments; with no such entry a warning is printed and *out has
 * none.  build_dir NULL: compile_commands.json is looked for in input's
 * directory and each one above it, as clang-tidy does; the first one found
 * is used only when it loads and has an entry for input, silently either
 * way.  With `verbose`, the database used (or found and not used) is named
 * on diag.
 *
 * Returns 0 with *out filled (free with kd_compdb_args_free), or
 * KD_COMPDB_ERROR / KD_COMPDB_NO_DATABASE with a message on diag (`kdlg-opt:
 * error: ...`) and *out empty. */
int kd_compdb_lookup(const char *build_dir, const char *input, bool verbose, KdCompdbArgs *out, FILE *diag);

/* Turns one compile command (argv[0] the compiler, argv[1..argc-1] its
 * arguments) run in `directory` into clang's parser arguments, as the file
 * comment says; out->db is left NULL.  Returns 0, or KD_COMPDB_ERROR for a
 * response file that cannot be read or nests deeper than 16 (message on
 * diag, *out empty). */
int kd_compdb_translate(const char *const *argv, int argc, const char *directory, KdCompdbArgs *out, FILE *diag);

/* Every file BUILD_DIR/compile_commands.json compiles, for kdlg-opt -p
 * BUILD_DIR --all: each entry's `file` resolved against its `directory` to a
 * real path, in the database's order, each once (an entry whose file does
 * not exist is skipped).  Returns 0 with *files (malloc'd array of malloc'd
 * strings) and *n, or KD_COMPDB_NO_DATABASE (message on diag, as
 * kd_compdb_lookup's). */
int kd_compdb_files(const char *build_dir, char ***files, int *n, FILE *diag);

/* Frees what *a owns and empties it. */
void kd_compdb_args_free(KdCompdbArgs *a);

#endif
