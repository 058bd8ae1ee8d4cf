/* (program/all-*.test) a C helper's header: not the struct's */
#pragma once
int checksum(const float *v, int n);
