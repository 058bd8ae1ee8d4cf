#include "tool/calibrate/gen.h"
