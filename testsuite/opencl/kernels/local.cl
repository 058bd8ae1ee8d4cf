// Elements staged in __local memory: whole-struct loads into a __local array
// of the struct (tile[lid] = p[i]), a barrier, reads of neighbours from the
// tile, and stores back to the global array; a __local scratch argument
// set with clSetKernelArg(size, NULL); explicit work-group sizes.
typedef struct {
  float4 pos;
  float h;
  int id;
} Elem;

__kernel void smooth(__global Elem *p, __local Elem *tile, __local float *scratch, int n) {
  int i = get_global_id(0), l = get_local_id(0), L = get_local_size(0);
  if (i < n)
    tile[l] = p[i];                      // whole-struct load into local memory
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i >= n)
    return;
  int left = l > 0 ? l - 1 : l, right = (l + 1 < L && i + 1 < n) ? l + 1 : l;
  scratch[l] = tile[left].h + tile[right].h;
  float4 c = (tile[left].pos + tile[right].pos) * 0.5f;
  p[i].pos = c * tile[l].h;
  p[i].h = scratch[l];
  p[i].id = tile[l].id + L;
}

// CLDIFF-KDLG-OPT: --epsilon 8
// CLDIFF: --fill Elem.id=i32:0:1000 --kernel smooth --global 1024 --local 64 --arg struct:Elem:1024 --arg local:2048 --arg local:256 --arg int:1003
// CLDIFF: --fill Elem.id=i32:0:1000 --kernel smooth --global 96 --local 32 --arg struct:Elem:96 --arg local:1024 --arg local:128 --arg int:96
// CLDIFF: --fill Elem.id=i32:0:1000 --kernel smooth --global 1 --local 1 --arg struct:Elem:1 --arg local:32 --arg local:4 --arg int:1
