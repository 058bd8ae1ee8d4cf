#include "s.h"
float first(const struct S *s) { return s->x; }
