#include <cstdio>
int unrelated() { return std::printf("task.h\n"); }
