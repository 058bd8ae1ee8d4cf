/* layoutname.h: a cluster's layout choice and the one vocabulary that names
 * it (Kofler et al. 2015, Sect. 3.2: the decision tree's classes AoS, SoA
 * and tiled-AoS with a tile of t elements; kdlg-opt's aligned AoS,
 * docs/design.md "Aligned AoS").
 *
 * A choice is spelled four ways (KdLayoutStyle): in files (model files,
 * plans, the calibration's timings CSV), on the command line (--layout),
 * in DOT labels and in the comments of rewritten code.  kd_layout_word and
 * kd_layout_format write every one of them, kd_layout_parse reads the first
 * two; nothing else in kdlg-opt spells a layout.  Needs only libc: the
 * calibration's generator (tool/calibrate/gen.c, built alone on a GPU
 * machine) writes the CSV's layout column with it.
 */
#ifndef KDLG_LAYOUTNAME_H
#define KDLG_LAYOUTNAME_H

#include <stddef.h>
#include <stdint.h>

typedef enum KdLayoutKind { KD_LAYOUT_AOS, KD_LAYOUT_SOA, KD_LAYOUT_TILED } KdLayoutKind;

typedef struct KdLayoutChoice {
  KdLayoutKind kind;
  uint32_t tile;  // elements per tile for KD_LAYOUT_TILED (2..32768, power of two); 1 for AoS; 0 for SoA
  uint32_t align; // KD_LAYOUT_AOS only: the element's alignment in bytes where the plan raises it above its
                  // fields' (a power of two up to 16, so that an element moves as one vector access); else 0
} KdLayoutChoice;

/* How a choice is spelled.  Each line shows the spellings of AoS, AoS
 * aligned to 16 B, SoA and tiled-AoS with t = 32, in this order. */
typedef enum KdLayoutStyle {
  KD_LAYOUT_STYLE_FILE,   // aos | aos | soa | tiled: the kind alone, the "layout" of model files
                          // (docs/model-format.md) and plans (docs/plan-format.md), which keep tile and align in
                          // keys of their own, and the timings CSV's layout column (docs/calibration.md)
  KD_LAYOUT_STYLE_CLI,    // aos | aos | soa | tiled:32: kdlg-opt --layout, kdlg-calibrate's class names
  KD_LAYOUT_STYLE_DOT,    // aos | aos aligned 16 | soa | tiled t=32: --emit-dot's cluster labels
  KD_LAYOUT_STYLE_PROSE,  // AoS | AoS aligned 16 | SoA | tiled-AoS tile 32: comments in rewritten code
} KdLayoutStyle;

/* The word for kind k in `style`: "aos", "soa" or "tiled", or in
 * KD_LAYOUT_STYLE_PROSE "AoS", "SoA" or "tiled-AoS"; "?" for a kind or style
 * out of range.  A static string. */
const char *kd_layout_word(KdLayoutKind k, KdLayoutStyle style);

/* Writes choice c in `style` into buf (n bytes; snprintf's rules: at most
 * n - 1 characters and a NUL, nothing when n is 0): kd_layout_word of its
 * kind, then
 *   FILE   nothing more (its file keeps the tile and the alignment apart);
 *   CLI    ":T" for a tiled choice (the alignment has no CLI spelling);
 *   DOT    " t=T" for a tiled choice, " aligned A" for AoS with align A > 0;
 *   PROSE  " tile T" for a tiled choice, " aligned A" for AoS with align A > 0;
 * in decimal.  Tile and align are written as they are, not checked.
 * Returns the length of the whole text (snprintf's count, without the NUL):
 * a result >= n means truncated.  32 bytes always suffice. */
int kd_layout_format(char *buf, size_t n, KdLayoutChoice c, KdLayoutStyle style);

/* Reads s, a choice spelled in `style`, into *out (align 0):
 *   FILE  "aos" (tile 1), "soa" (tile 0) or "tiled" (tile 0: the caller
 *         reads the tile from its file's own key or column, and checks it);
 *   CLI   "aos", "soa" or "tiled:T", T a decimal integer as strtol reads it,
 *         2 <= T <= 32768 (a power of two is not required: --layout takes
 *         any).
 * Returns 0, or -1 (*out unchanged) when s is NULL or not such a spelling;
 * the DOT and PROSE styles are written only (-1). */
int kd_layout_parse(const char *s, KdLayoutStyle style, KdLayoutChoice *out);

#endif
