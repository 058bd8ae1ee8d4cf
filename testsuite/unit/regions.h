/* regions.h: helpers the unit tests share to build region trees by hand. */
#ifndef KDLG_TEST_REGIONS_H
#define KDLG_TEST_REGIONS_H

#include <stdarg.h>

#include "analysis/region.h"

/* seq(a, k1, k2, ..., NULL): a KR_SEQ region of the given kids, in order. */
static inline KdRegion *seq(KdArena *a, ...) {
  KdRegion *s = kd_region_new(a, KR_SEQ);
  va_list ap;
  va_start(ap, a);
  for (KdRegion *k; (k = va_arg(ap, KdRegion *)) != NULL;)
    kd_region_add(a, s, k);
  va_end(ap);
  return s;
}

#endif
