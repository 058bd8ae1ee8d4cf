#pragma once
#include "b.h"
#define SCALE (2.0f * FACTOR)
