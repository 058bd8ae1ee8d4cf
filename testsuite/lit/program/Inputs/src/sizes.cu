// (program/unrelated-input.test) an input that includes the struct's header, with no pointer to it
#include <cstdio>
#include "body.h"
void print_size() { printf("%zu\n", sizeof(Body)); }
