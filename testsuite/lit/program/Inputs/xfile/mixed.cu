// (program/cross-file-mixed.test) the launcher given a host array too
#include "p.h"
void misuse(int n) {
  P host[4];
  launch_move(host, 4);
}
