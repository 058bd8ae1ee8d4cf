// Issue 21, class 3: kernel parameters named like the buffers the rewriter
// gives a struct parameter (`p_kd_n`, `p_kd_r0` beside `p`): the output
// declared two parameters of one name.  Now p's buffers are p_1_kd_r*,
// p_1_kd_n; the argument map moves the user's parameters after them.
typedef struct {
  float x;
  float y;
  int id;
} S;

__kernel void blend(__global S *p, int p_kd_n, __global float *p_kd_r0) {
  int i = get_global_id(0);
  if (i < p_kd_n) {
    p[i].x = p[i].y + p_kd_r0[i];
    p[i].id += i;
  }
}

// CLDIFF: --fill S.id=i32:-1000:1000 --buf p=struct:S:1003 --buf f=f32:1003 --kernel blend --global 1003 --arg p --arg int:1003 --arg f
// CLDIFF: --buf p=struct:S:3 --buf f=f32:3 --kernel blend --global 3 --arg p --arg int:3 --arg f
