// (headers/outside-root.cu) a struct in a header outside the input's
// directory
struct OutsidePoint {
  float x;
  float y;
  double w;
};
