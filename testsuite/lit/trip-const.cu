struct K1 { int a; int b; int c; };
struct K2 { int a; int b; int c; };
struct K3 { int a; int b; int c; };
struct K4 { int a; int b; };

__global__ void shift(K1 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (int k = 2; k <= 1024; k <<= 1) s += p[k].c;
  p[id].b = s;
}

__global__ void zero(K2 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (int i = 0; i < 0; i++) s += p[i].c;
  p[id].b = s;
}

__global__ void huge(K3 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (long long i = 0; i < 100000000000000LL; i++) s += p[i & 1023].c;
  p[id].b = s;
}

__global__ void shapes(K4 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  const int M = 12;
  for (int i = 10; i > 0; i--) s += i;
  for (int i = 0; i < 10; i += 3) s += i;
  for (int i = 0; i <= 31; i++) s += i;
  for (unsigned i = 0; i != 7; ++i) s += i;
  for (int i = 100; i >= 0; i -= 10) s += i;
  for (int i = 0; 16 > i; i++) s += i;
  for (int i = 0; i < 4 * 8; i++) s += i;
  for (int i = 1; i < 1000; i *= 10) s += i;
  for (int i = 0; i < M; i++) s += i;
  p[id].b = s;
}

// Rule c: constant bounds give exact trip counts.
// shift: k = 2,4,...,1024 -> 10 iterations.  Stream a, 10 x c, b (4 B each):
//   δ(a,c) = 4, δ(b,c) = 9*4 + 4 = 40 (from c_0), δ(a,b) = 10*4 + 4 = 44.
// zero: the body never runs: c is never accessed (no edge), δ(a,b) = 4.
// huge: 10^14 iterations saturate at the cap 2^40 = 1099511627776:
//   δ(a,c) = 4, δ(b,c) = (2^40 - 1)*4 + 4 = 4398046511104,
//   δ(a,b) = 2^40*4 + 4 = 4398046511108 (no 32-bit or 64-bit overflow).
// shapes: trips 10, 4 (0,3,6,9), 32, 7, 11 (100..0 step 10), 16, 32,
//   3 (1,10,100), 12; no global memory inside, so δ(a,b) = 4.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct K1 bytes=12 fields=3 epsilon=128
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 40
// CHECK-NEXT: edge a b 44
// CHECK-NEXT: cluster a,b,c bytes=12 layout=aos tile=1
// CHECK-NEXT: loop kernel=shift function=shift line=9 trip=10 rule=c
// CHECK-NEXT: kernels shift
// CHECK-NEXT: end struct K1

// CHECK:      struct K2 bytes=12 fields=3 epsilon=128
// CHECK:      field c bytes=4 offset=8
// CHECK-NEXT: edge a b 4
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster c bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=zero function=zero line=16 trip=0 rule=c
// CHECK-NEXT: kernels zero
// CHECK-NEXT: end struct K2

// CHECK:      struct K3 bytes=12 fields=3 epsilon=128
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 4398046511104
// CHECK-NEXT: edge a b 4398046511108
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=huge function=huge line=23 trip=1099511627776 rule=c
// CHECK-NEXT: kernels huge
// CHECK-NEXT: end struct K3

// CHECK:      struct K4 bytes=8 fields=2 epsilon=128
// CHECK:      edge a b 4
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: loop kernel=shapes function=shapes line=31 trip=10 rule=c
// CHECK-NEXT: loop kernel=shapes function=shapes line=32 trip=4 rule=c
// CHECK-NEXT: loop kernel=shapes function=shapes line=33 trip=32 rule=c
// CHECK-NEXT: loop kernel=shapes function=shapes line=34 trip=7 rule=c
// CHECK-NEXT: loop kernel=shapes function=shapes line=35 trip=11 rule=c
// CHECK-NEXT: loop kernel=shapes function=shapes line=36 trip=16 rule=c
// CHECK-NEXT: loop kernel=shapes function=shapes line=37 trip=32 rule=c
// CHECK-NEXT: loop kernel=shapes function=shapes line=38 trip=3 rule=c
// CHECK-NEXT: loop kernel=shapes function=shapes line=39 trip=12 rule=c
// CHECK-NEXT: kernels shapes
// CHECK-NEXT: end struct K4

// DUMP: kernel shift
// DUMP: loop trip=10 rule=c @9
// DUMP: kernel zero
// DUMP: loop trip=0 rule=c @16
// DUMP: kernel huge
// DUMP: loop trip=1099511627776 rule=c @23
