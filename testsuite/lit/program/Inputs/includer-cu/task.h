#pragma once
struct Task { float w, q; int id; };
