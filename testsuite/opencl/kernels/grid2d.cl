// A two-dimensional NDRange over a grid of cells (a 5-point stencil that
// reads neighbours' v and writes its own lap and age), global sizes that are
// not multiples of the tiles, and an explicit 2-D work-group size.
typedef struct {
  float v;
  float lap;
  int age;
} Cell;

__kernel void stencil(__global Cell *g, int w, int h) { // 2-D NDRange
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h)
    return;
  int c = y * w + x;
  float s = -4.0f * g[c].v;
  s += g[y * w + (x + 1) % w].v + g[y * w + (x + w - 1) % w].v;
  s += g[((y + 1) % h) * w + x].v + g[((y + h - 1) % h) * w + x].v;
  g[c].lap = s;
  g[c].age++;
}

// CLDIFF-KDLG-OPT: --epsilon 4
// CLDIFF: --fill Cell.age=i32:0:100 --buf g=struct:Cell:1717 --kernel stencil --global 17,101 --arg g --arg int:17 --arg int:101
// CLDIFF: --fill Cell.age=i32:0:100 --buf g=struct:Cell:1024 --kernel stencil --global 32,32 --local 8,4 --arg g --arg int:32 --arg int:32
// CLDIFF: --fill Cell.age=i32:0:100 --buf g=struct:Cell:1 --kernel stencil --global 1,1 --arg g --arg int:1 --arg int:1
