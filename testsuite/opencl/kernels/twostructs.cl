// Two different structs in one kernel (a tag-named struct and a typedef'd
// one), each in its own layout, interleaved with plain buffers and scalars;
// a struct with a single field; data-dependent indices into the second
// struct; a second kernel on the same buffers.
struct Atom {
  float4 pos;
  float charge;
  int type;
};

typedef struct {
  float sigma;
  float eps;
  int count;
} Species;

typedef struct {
  float e;
} Energy;

__kernel void energy(__global const float *scale, __global struct Atom *atoms, int n, __global Species *sp,
                     int nsp, __global Energy *en, __global int *hits) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int t = atoms[i].type % nsp;           // type in [0, 1000)
  float s = sp[t].sigma;
  float e = 0.0f;
  for (int j = 0; j < 8; j++) {          // eight neighbours, wrapping around
    int k = (i + j + 1) % n;
    float4 d = atoms[k].pos - atoms[i].pos;
    float r2 = d.x * d.x + d.y * d.y + d.z * d.z + 0.01f;
    e += sp[atoms[k].type % nsp].eps * s / r2 * atoms[k].charge;
  }
  en[i].e = e * scale[i];
  atomic_inc(&sp[t].count);
  hits[i] = t;
}

// atoms are only read above (other work-items read them): updated here
__kernel void relax(__global struct Atom *atoms, int n, __global Species *sp, int nsp, __global Energy *en) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  en[i].e += sp[atoms[i].type % nsp].sigma;
  atoms[i].pos.w = en[i].e;
  atoms[i].charge *= 0.5f;
  atoms[i].type += 1;
}

// CLDIFF-KDLG-OPT: --epsilon 32
// CLDIFF: --fill Atom.type=i32:0:1000 --fill Species.count=i32:0:1000 --buf atoms=struct:Atom:1003 --buf sp=struct:Species:7 --buf en=struct:Energy:1003 --kernel energy --global 1003 --arg f32:1003 --arg atoms --arg int:1003 --arg sp --arg int:7 --arg en --arg i32:1003 --kernel relax --global 1003 --arg atoms --arg int:1003 --arg sp --arg int:7 --arg en
// CLDIFF: --fill Atom.type=i32:0:1000 --fill Species.count=i32:0:1000 --buf atoms=struct:Atom:64 --buf sp=struct:Species:33 --buf en=struct:Energy:64 --kernel energy --global 64 --arg f32:64 --arg atoms --arg int:64 --arg sp --arg int:33 --arg en --arg i32:64 --kernel relax --global 64 --arg atoms --arg int:64 --arg sp --arg int:33 --arg en
// CLDIFF: --fill Atom.type=i32:0:1000 --fill Species.count=i32:0:1000 --buf atoms=struct:Atom:1 --buf sp=struct:Species:1 --buf en=struct:Energy:1 --kernel energy --global 1 --arg f32:1 --arg atoms --arg int:1 --arg sp --arg int:1 --arg en --arg i32:1 --kernel relax --global 1 --arg atoms --arg int:1 --arg sp --arg int:1 --arg en
