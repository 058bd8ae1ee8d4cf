#include "analysis/learn.h"
