#pragma once
struct S { float x, y; };
