/* mem.h: memory that is always there (kdlg-opt's one rule for running out
 * of memory).
 *
 * kdlg-opt and kdlg-calibrate do not recover from out-of-memory: every
 * allocation of the analysis, the rewriter and the tools goes through these
 * functions, which print "kdlg-opt: out of memory" to stderr and abort when
 * the C library has nothing to give.  So no function of the library reports
 * out-of-memory to its caller: a -1 (or NULL) it returns means a real error,
 * reported with a message (issue 18's error convention).  Freed with free().
 *
 * A growable array is a pointer, a count and a capacity: KD_VEC(T) declares
 * one; kd_vec_push appends, kd_vec_reserve makes room.  KD_GROW does the
 * same for an array whose pointer and capacity are fields of any name.  The
 * capacity doubles (from at least 8), so n appends cost O(n).
 */
#ifndef KDLG_MEM_H
#define KDLG_MEM_H

#include <stddef.h>
#include <stdio.h>

/* Prints "kdlg-opt: out of memory" to stderr and aborts. */
_Noreturn void kd_out_of_memory(void);

void *kd_xmalloc(size_t n);                      // malloc (n 0: one byte)
void *kd_xcalloc(size_t count, size_t size);     // calloc (zero-filled)
void *kd_xrealloc(void *p, size_t n);            // realloc (n 0: one byte)
char *kd_xstrdup(const char *s);                 // strdup
char *kd_xstrndup(const char *s, size_t n);      // strndup
char *kd_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));  // asprintf's string
FILE *kd_xopen_memstream(char **buf, size_t *len);  // open_memstream

/* Room for `need` elements of `elem` bytes in array v of capacity *cap:
 * returns v, or v moved to a larger block (*cap doubled, from at least 8,
 * until it holds need); the elements past the old capacity are undefined. */
void *kd_grow(void *v, int *cap, int need, size_t elem);

/* Makes room for `need` elements in array `v` (an lvalue of type T *) whose
 * capacity is the int lvalue `cap`. */
#define KD_GROW(v, cap, need) ((v) = kd_grow((v), &(cap), (need), sizeof *(v)))

/* A growable array of T: v[0 .. n-1] in use, room for cap (zero-filled: empty). */
#define KD_VEC(T) \
  struct {        \
    T *v;         \
    int n, cap;   \
  }

/* Room for `need` elements in vec (a pointer to a KD_VEC). */
#define kd_vec_reserve(vec, need) KD_GROW((vec)->v, (vec)->cap, (need))

/* Appends x to vec (a pointer to a KD_VEC). */
#define kd_vec_push(vec, x) (kd_vec_reserve((vec), (vec)->n + 1), (vec)->v[(vec)->n++] = (x))

#endif
