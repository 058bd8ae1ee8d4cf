/* layoutname.c: the spellings of a layout choice (see layoutname.h). */
#include "layoutname.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *kd_layout_word(KdLayoutKind k, KdLayoutStyle style) {
  bool prose = style == KD_LAYOUT_STYLE_PROSE;
  if ((unsigned)style > KD_LAYOUT_STYLE_PROSE)
    return "?";
  switch (k) {
  case KD_LAYOUT_AOS:
    return prose ? "AoS" : "aos";
  case KD_LAYOUT_SOA:
    return prose ? "SoA" : "soa";
  case KD_LAYOUT_TILED:
    return prose ? "tiled-AoS" : "tiled";
  }
  return "?";
}

int kd_layout_format(char *buf, size_t n, KdLayoutChoice c, KdLayoutStyle style) {
  const char *word = kd_layout_word(c.kind, style);
  if (c.kind == KD_LAYOUT_TILED && style == KD_LAYOUT_STYLE_CLI)
    return snprintf(buf, n, "%s:%u", word, c.tile);
  if (c.kind == KD_LAYOUT_TILED && style == KD_LAYOUT_STYLE_DOT)
    return snprintf(buf, n, "%s t=%u", word, c.tile);
  if (c.kind == KD_LAYOUT_TILED && style == KD_LAYOUT_STYLE_PROSE)
    return snprintf(buf, n, "%s tile %u", word, c.tile);
  if (c.kind == KD_LAYOUT_AOS && c.align && (style == KD_LAYOUT_STYLE_DOT || style == KD_LAYOUT_STYLE_PROSE))
    return snprintf(buf, n, "%s aligned %u", word, c.align);
  return snprintf(buf, n, "%s", word);
}

int kd_layout_parse(const char *s, KdLayoutStyle style, KdLayoutChoice *out) {
  if (!s || (style != KD_LAYOUT_STYLE_FILE && style != KD_LAYOUT_STYLE_CLI))
    return -1;
  if (!strcmp(s, "aos")) {
    *out = (KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1};
    return 0;
  }
  if (!strcmp(s, "soa")) {
    *out = (KdLayoutChoice){.kind = KD_LAYOUT_SOA, .tile = 0};
    return 0;
  }
  if (style == KD_LAYOUT_STYLE_FILE && !strcmp(s, "tiled")) {
    *out = (KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 0};
    return 0;
  }
  if (style == KD_LAYOUT_STYLE_CLI && !strncmp(s, "tiled:", 6)) {
    const char *t = s + 6;
    char *end;
    long v = strtol(t, &end, 10);
    if (!*t || *end || v < 2 || v > 32768)
      return -1;
    *out = (KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = (uint32_t)v};
    return 0;
  }
  return -1;
}
