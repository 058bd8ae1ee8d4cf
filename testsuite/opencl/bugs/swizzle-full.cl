// KNOWN REWRITER BUG (left out of ctest, see CMakeLists.txt): a swizzle that
// names every component of a vector field (p[i].v.wzyx, p[i].v.yx on a
// float2, p[i].v.s3210) has the field's own type, and the rewriter drops it:
//   b[i].cell.wzyx = ...   becomes   (*kdlg_Body_cell(b, (i))) = ...
// (rewrite.c, vref(): ExtVectorElementExpr is an UnexposedExpr whose only
// child is the field; with the same type as the child it is taken for a
// transparent conversion and the field's edit spans the swizzle).
struct Body {
  float4 pos;
  int4 cell;
  float2 acc;
};

__kernel void swizzle(__global struct Body *b, __global float4 *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  b[i].cell.wzyx = b[i].cell + (int4)(1, 2, 3, i);  // full-width swizzle store
  b[i].acc.yx = b[i].acc * 2.0f;                    // float2: .yx is a float2
  out[i] = b[i].pos.s3210 + (float4)(b[i].acc, 0.0f, 1.0f); // full-width swizzle load
}

// CLDIFF: --fill Body.cell=i32:-1000:1000 --kernel swizzle --global 1003 --arg struct:Body:1003 --arg f32:4012 --arg int:1003
