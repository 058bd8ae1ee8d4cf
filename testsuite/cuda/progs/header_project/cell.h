// (header_project.cu) the struct, alone in a project header: hot fields read
// by every step, cold ones only by the summary kernel.
#ifndef HEADER_PROJECT_CELL_H
#define HEADER_PROJECT_CELL_H
struct Cell {
  float heat;
  float flux;
  double total;   // cold
  int id;         // cold
  short visits;
  unsigned char tag;  // cold
};
#endif
