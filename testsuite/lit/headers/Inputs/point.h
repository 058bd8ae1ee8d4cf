// (headers/*.cu) a struct alone in a project header
#ifndef HEADERS_POINT_H
#define HEADERS_POINT_H
struct Point {
  float x;
  float y;
  double w;
  int tag;
};
#endif
