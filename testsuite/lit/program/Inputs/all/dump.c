/* (program/all-c-header.test) a C file that includes the struct's header */
#include "p.h"
int first_id(const P *h) { return h[0].id; }
