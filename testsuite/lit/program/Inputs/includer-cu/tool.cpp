#include "task.h"
float first(const Task &t) { return t.w; }
