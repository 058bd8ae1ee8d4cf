// Pointer forms: (p + i)->f, p->f, (*(p + i)).f, (p + i)[k].f, derived
// pointers (q = p + k; q[i].f), q++ / ++q / q-- / q += k / q -= k, a pointer
// that walks a loop, a pointer re-pointed at another kernel argument,
// *q = ..., and i[p] spelled backwards.
//
// Helper functions that receive the struct pointer: called with the kernel
// argument, with a derived pointer (p + k, &p[k]), from another helper, with
// two different buffers of the same struct, and a helper that moves its own
// copy of the pointer (q++, q += k) and writes through it.
struct Cell {
  float v;
  int k;
  float acc;
  float prev;
};

__kernel void pointers(__global struct Cell *p, __global struct Cell *other, __global float *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  (p + i)->acc = p->v + (p + i)->v;          // (p + i)->f, p->f
  (*(p + i)).prev = (*(p + (n - 1))).v;      // (*(p + i)).f
  __global struct Cell *q = p + i;           // derived pointer
  q->k += 3;
  q[0].acc *= 2.0f;                          // derived pointer, subscript 0
  __global struct Cell *r = p;
  r += i;                                    // +=
  r->prev += r[0].v;
  r -= i;                                    // -=
  float s = 0.0f;
  __global struct Cell *w = p + (i / 4) * 4; // walks four elements
  for (int j = 0; j < 4 && (i / 4) * 4 + j < n; j++) {
    s += w->v;
    w++;                                     // post-increment
  }
  __global struct Cell *z = p + (n - 1);
  --z;                                       // pre-decrement
  z--;                                       // post-decrement
  ++z;                                       // pre-increment
  s += (n >= 3 ? z->v : 0.0f);
  __global struct Cell *t = other;           // another argument
  t = t + i;
  t->acc = r[i].v + (i + 1 < n ? (p + 1)[i].v : 0.0f); // (p + 1)[i]
  (*t).k = i[p].k;                           // i[p]
  __global struct Cell *u = q;
  u->acc += s + (u - 0)->prev;              // (v is only read: other work-items read it)
  out[i] = s + q->acc;
}

typedef struct {
  float x;
  float y;
  float z;
  int id;
} Pt;

float dot_at(__global const Pt *q, int i) { return q[i].x * q[i].x + q[i].y * q[i].y + q[i].z * q[i].z; }

void scale_at(__global Pt *q, int i, float f) {
  q[i].x *= f;
  (q + i)->z *= f;
}

float sum3(__global const Pt *q) {    // three consecutive elements through q++
  float s = q->y;                     // (y: other work-items only read it)
  q++;
  s += q->y;
  q += 1;
  return s + q[0].y;
}

float nested(__global Pt *q, int i, int n) { // a helper calling helpers
  float d = dot_at(q, i);
  if (i + 2 < n)
    d += sum3(q + i);
  scale_at(q, i, 0.5f);
  return d;
}

void set_id(__global Pt *elem, int v) { elem->id = v; }

__kernel void helpers(__global Pt *p, __global Pt *tmp, __global float *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float d = nested(tmp, i, n);            // another buffer of the same struct
  d += dot_at(p + i, 0);                  // derived pointer
  set_id(&p[i], p[i].id + i);             // &p[i]
  scale_at(p, i, 2.0f);
  out[i] = d + dot_at(p, i);
}

// CLDIFF-KDLG-OPT: --epsilon 8
// CLDIFF: --fill Cell.k=i32:-1000:1000 --kernel pointers --global 1003 --arg struct:Cell:1003 --arg struct:Cell:1003 --arg f32:1003 --arg int:1003
// CLDIFF: --fill Cell.k=i32:-1000:1000 --kernel pointers --global 33 --arg struct:Cell:33 --arg struct:Cell:33 --arg f32:33 --arg int:33
// CLDIFF: --fill Cell.k=i32:-1000:1000 --kernel pointers --global 1 --arg struct:Cell:1 --arg struct:Cell:1 --arg f32:1 --arg int:1
// CLDIFF: --fill Cell.k=i32:-1000:1000 --kernel pointers --global 2048 --arg struct:Cell:2048 --arg struct:Cell:2048 --arg f32:2048 --arg int:2048
// CLDIFF: --fill Pt.id=i32:-1000:1000 --kernel helpers --global 1003 --arg struct:Pt:1003 --arg struct:Pt:1003 --arg f32:1003 --arg int:1003
// CLDIFF: --fill Pt.id=i32:-1000:1000 --kernel helpers --global 2 --arg struct:Pt:2 --arg struct:Pt:2 --arg f32:2 --arg int:2
// CLDIFF: --fill Pt.id=i32:-1000:1000 --kernel helpers --global 96 --arg struct:Pt:96 --arg struct:Pt:96 --arg f32:96 --arg int:96
