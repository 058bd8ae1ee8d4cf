// (headers/*.cu) a project header that has nothing to do with the struct
#pragma once
#define SCALE 2.0f
