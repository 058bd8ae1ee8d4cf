// Several kernels in sequence on the same buffers: init writes every field,
// scan reads what init wrote and updates in place, gather reads other
// elements written by the earlier kernels, and reduce folds the struct into
// a plain buffer; each kernel has its own argument order.
typedef struct {
  float val;
  float sum;
  int idx;
  int flag;
  float2 minmax;
} Node;

__kernel void init(__global Node *nodes, __global const float *src, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  nodes[i].val = src[i];
  nodes[i].sum = 0.0f;
  nodes[i].idx = (i * 7 + 3) % n;
  nodes[i].flag = i & 1;
  nodes[i].minmax = (float2)(src[i], src[(i + 1) % n]);
}

__kernel void scan(int n, __global Node *nodes) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float s = 0.0f;
  for (int k = 0; k <= i % 16; k++)
    s += nodes[i - (i % 16) + k].val;    // elements of the same group of 16, only read
  nodes[i].sum = s;
  if (nodes[i].flag)
    nodes[i].minmax = nodes[i].minmax.yx;
}

__kernel void gather(__global Node *nodes, __global Node *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int j = nodes[i].idx;                  // data-dependent, written by init
  out[i].val = nodes[j].sum;
  out[i].sum = nodes[j].val + nodes[i].minmax.x;
  out[i].idx = j;
  out[i].flag = nodes[j].flag + nodes[i].flag;
  out[i].minmax = max(nodes[j].minmax, nodes[i].minmax);
}

__kernel void reduce(__global const Node *out, __global float *res, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  res[i] = out[i].val * out[i].sum + (float)out[i].flag + out[i].minmax.y;
}

// CLDIFF-KDLG-OPT: --epsilon 8
// CLDIFF: --buf nodes=struct:Node:1003 --buf out=struct:Node:1003 --buf src=f32:1003 --buf res=f32:1003 --kernel init --global 1003 --arg nodes --arg src --arg int:1003 --kernel scan --global 1003 --arg int:1003 --arg nodes --kernel gather --global 1003 --arg nodes --arg out --arg int:1003 --kernel reduce --global 1003 --arg out --arg res --arg int:1003
// CLDIFF: --buf nodes=struct:Node:33 --buf out=struct:Node:33 --buf src=f32:33 --buf res=f32:33 --kernel init --global 33 --arg nodes --arg src --arg int:33 --kernel scan --global 33 --arg int:33 --arg nodes --kernel gather --global 33 --arg nodes --arg out --arg int:33 --kernel reduce --global 33 --arg out --arg res --arg int:33
// CLDIFF: --buf nodes=struct:Node:1 --buf out=struct:Node:1 --buf src=f32:1 --buf res=f32:1 --kernel init --global 1 --arg nodes --arg src --arg int:1 --kernel scan --global 1 --arg int:1 --arg nodes --kernel gather --global 1 --arg nodes --arg out --arg int:1 --kernel reduce --global 1 --arg out --arg res --arg int:1
