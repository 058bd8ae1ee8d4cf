#include "../support/task.h"
float total(const Task *t, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) s += t[i].w;
  return s;
}
