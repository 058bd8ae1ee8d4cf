// Array fields: p[i].a[k] loads, stores, compound assignments and ++ with
// constant, loop and data-dependent indices; a two-dimensional array field,
// an array of vectors and a byte array.
typedef struct {
  float a[5];
  int hist[8];
  float m[3][3];
  float2 pts[3];
  uchar tag[6];
  int len;
} Rec;

__kernel void arrays(__global Rec *p, __global float *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float s = 0.0f;
  for (int k = 0; k < 5; k++)           // loop index
    s += p[i].a[k] * (float)(k + 1);
  p[i].a[0] = s;                         // constant index store
  p[i].a[4] *= p[i].a[1];                // compound assignment
  p[i].a[p[i].len] += 1.0f;              // data-dependent index (len in [0, 5))
  for (int k = 0; k < 8; k++)
    p[i].hist[k] ^= k * 17 + i;
  p[i].hist[(i + 3) & 7]++;              // ++ on an array element
  --p[i].hist[p[i].len];
  float t = 0.0f;                        // 3x3 matrix: transpose in place
  for (int r = 0; r < 3; r++)
    for (int c = r + 1; c < 3; c++) {
      float x = p[i].m[r][c];
      p[i].m[r][c] = p[i].m[c][r];
      p[i].m[c][r] = x;
    }
  for (int r = 0; r < 3; r++)
    t += p[i].m[r][r] * p[i].m[r][(r + 1) % 3];
  p[i].pts[1] = p[i].pts[0] + p[i].pts[2]; // array of vectors
  p[i].pts[2].y -= p[i].pts[1].x;
  for (int k = 0; k < 6; k++)
    p[i].tag[k] += (uchar)(k + p[i].tag[5 - k]);
  p[i].len = (p[i].len + 1) % 5;
  out[i] = s + t + (float)p[i].hist[i & 7] + (float)p[i].tag[0];
}

// CLDIFF-KDLG-OPT: --epsilon 64
// CLDIFF: --fill Rec.len=i32:0:5 --fill Rec.hist=i32:-1000:1000 --kernel arrays --global 1003 --arg struct:Rec:1003 --arg f32:1003 --arg int:1003
// CLDIFF: --fill Rec.len=i32:0:5 --fill Rec.hist=i32:-1000:1000 --kernel arrays --global 32 --arg struct:Rec:32 --arg f32:32 --arg int:32
// CLDIFF: --fill Rec.len=i32:0:5 --fill Rec.hist=i32:-1000:1000 --kernel arrays --global 1 --arg struct:Rec:1 --arg f32:1 --arg int:1
