#include "tool/calibrate/measure.h"
