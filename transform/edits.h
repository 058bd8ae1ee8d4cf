/* edits.h: source edits as byte ranges of the input file, applied once and in
 * order (the last step of Fig. 4 in Kofler et al. 2015: the rewritten kernel).
 *
 * An edit replaces the bytes [b, e) of the input with a template: literal
 * text and holes.  A hole is a sub-range of the input ([hb, he), inside
 * [b, e)) that is copied with the edits inside it applied, so an access whose
 * index contains another access (p[q[i].k].x) is rewritten at both levels.
 * Zero-length edits (b == e) insert text.  Text outside every edit is copied
 * byte for byte, so formatting and comments elsewhere are kept.
 *
 * Edits must nest: two edits either do not overlap, or one lies inside a hole
 * of the other.  Identical edits (same range and template) are merged: a
 * macro argument used twice produces the same edit twice.
 */
#ifndef KDLG_EDITS_H
#define KDLG_EDITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct KdEdits KdEdits;

KdEdits *kd_edits_new(void);
void kd_edits_free(KdEdits *E);

/* Starts an edit of [b, e) owned by `owner` (an opaque tag, e.g. the struct
 * id: kd_edits_drop_owner removes them all).  Then append pieces with
 * kd_edit_text / kd_edit_hole, in output order.  Returns the edit's index. */
int kd_edit_begin(KdEdits *E, unsigned b, unsigned e, int owner);
void kd_edit_text(KdEdits *E, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void kd_edit_hole(KdEdits *E, unsigned hb, unsigned he);

/* Removes every edit of `owner`. */
void kd_edits_drop_owner(KdEdits *E, int owner);

/* Checks that the edits nest.  On failure returns false and sets *owner to
 * the owner of an offending edit and *at to its start offset. */
bool kd_edits_check(KdEdits *E, int *owner, unsigned *at);

/* Writes src[0, len) with the edits applied.  Returns 0, or -1 on a write error. */
int kd_edits_apply(KdEdits *E, const char *src, size_t len, FILE *out);

/* kd_edits_apply of the part [rb, re) of src (offsets in src): the edits
 * that start in it, its end included (an insertion at re); none may
 * straddle rb or re (one source text holding several files, filemap.h:
 * each file is a part, and an edit never crosses a file's end). */
int kd_edits_apply_range(KdEdits *E, const char *src, unsigned rb, unsigned re, FILE *out);

/* Whether an edit starts in [b, e] (its end included). */
bool kd_edits_any_in(KdEdits *E, unsigned b, unsigned e);

/* Writes one line per edit (for --dry-run): "path:line:col: replace 'old' ->
 * 'new'" ("insert '' -> 'new'" for a zero-length edit); 'old' is cut at 200
 * bytes, an inserted 'new' over 200 bytes is written as "...". */
void kd_edits_describe(KdEdits *E, const char *path, const char *src, size_t len, FILE *out);

/* kd_edits_describe of the edits in part [rb, re] of src, lines counted
 * from rb (the part's first line is line 1). */
void kd_edits_describe_range(KdEdits *E, const char *path, const char *src, unsigned rb, unsigned re, FILE *out);

#endif
