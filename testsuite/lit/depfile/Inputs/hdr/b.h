#pragma once
#include "a.h"  // (a cycle, cut by #pragma once: a.h is listed once)
#define FACTOR 3.0f
