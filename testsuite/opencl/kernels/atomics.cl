// Atomics on fields: atomic_add(&p[i].count, 1), atomic_inc / atomic_dec on
// a shared element and on data-dependent elements (a histogram), atomic_sub,
// atomic_max / atomic_min, atomic_or / atomic_xor / atomic_and, atomic_xchg
// on the own element, atomic_cmpxchg, through p[i], (p + k)-> and a derived
// pointer.  Only order-independent results are kept (one kind of atomic
// per field).
typedef struct {
  float weight;
  int count;
  uint mask;
  uint flip;
  uint keep;
  int lo;
  int hi;
  int key;
} Bin;

__kernel void histogram(__global Bin *bins, __global const int *keys, __global int *out, int n, int nbins) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  int b = keys[i] % nbins;
  atomic_add(&bins[i % nbins].count, 1);           // atomic_add, computed index
  atomic_inc(&bins[b].count);                      // atomic_inc, data-dependent index
  atomic_dec(&bins[0].count);                      // shared element
  atomic_sub(&(bins + b)->hi, 2);                  // (p + k)->f
  atomic_max(&bins[b].lo, keys[i]);
  atomic_min(&bins[b].key, keys[i]);
  atomic_or(&bins[b].mask, 1u << (keys[i] & 31));
  __global Bin *q = bins + (nbins - 1);
  atomic_xor(&q->flip, (uint)keys[i] << 3);         // derived pointer
  atomic_and(&bins[(b + 1) % nbins].keep, ~(1u << (i & 7)) | 0x100u);
  out[i] = b;
}

__kernel void finish(__global Bin *bins, int nbins) {
  int j = get_global_id(0);
  if (j >= nbins)
    return;
  int old = atomic_xchg(&bins[j].key, bins[j].count); // own element: order-independent
  atomic_cmpxchg(&bins[j].hi, bins[j].hi, old + bins[j].lo);
  bins[j].weight *= (float)bins[j].count;
}

// CLDIFF-KDLG-OPT: --epsilon 8
// CLDIFF: --fill Bin.count=i32:0:100 --fill Bin.lo=i32:0:50 --fill Bin.hi=i32:0:1000 --fill Bin.key=i32:100000:200000 --fill Bin.mask=u32:0:4000000000 --fill Bin.flip=u32:0:4000000000 --fill Bin.keep=u32:0:4000000000 --fill k=i32:0:100000 --buf bins=struct:Bin:37 --buf k=i32:1003 --kernel histogram --global 1003 --arg bins --arg k --arg i32:1003 --arg int:1003 --arg int:37 --kernel finish --global 37 --arg bins --arg int:37
// CLDIFF: --fill Bin.count=i32:0:100 --fill Bin.lo=i32:0:50 --fill Bin.hi=i32:0:1000 --fill Bin.key=i32:100000:200000 --fill Bin.mask=u32:0:4000000000 --fill Bin.flip=u32:0:4000000000 --fill Bin.keep=u32:0:4000000000 --fill k=i32:0:100000 --buf bins=struct:Bin:1024 --buf k=i32:4096 --kernel histogram --global 4096 --arg bins --arg k --arg i32:4096 --arg int:4096 --arg int:1024 --kernel finish --global 1024 --arg bins --arg int:1024
// CLDIFF: --fill Bin.count=i32:0:100 --fill Bin.lo=i32:0:50 --fill Bin.hi=i32:0:1000 --fill Bin.key=i32:100000:200000 --fill k=i32:0:100000 --buf bins=struct:Bin:1 --buf k=i32:5 --kernel histogram --global 5 --arg bins --arg k --arg i32:5 --arg int:5 --arg int:1 --kernel finish --global 1 --arg bins --arg int:1
