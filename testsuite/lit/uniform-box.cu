// kdlg-opt's uniform rule (docs/design.md "Uniform accesses"): every access
// of Box indexes it with a work-group-uniform element (blockIdx, a loop
// counter with uniform bounds, a neighbour number loaded at a uniform
// address), so every access is a broadcast and Box keeps one AoS cluster,
// although ε-Kruskal would split it.  Particle is indexed by threadIdx and is
// analysed as before.  (lavamd's pattern, benchmarks/lavamd.)
struct Nei { int x, y, z; int number; long start; };
struct Box { int x, y, z; int number; long start; int nn; Nei nei[26]; };
struct Particle { double v, x, y, z; };

__global__ void k(int nboxes, const Box *box, const Particle *rv, Particle *fv) {
  int bx = blockIdx.x;
  int tx = threadIdx.x;
  if (bx >= nboxes)
    return;
  long first_i = box[bx].start;
  int nn = box[bx].nn;
  for (int k = 0; k < 1 + nn; k++) {
    int pointer;
    if (k == 0)
      pointer = bx;
    else
      pointer = box[bx].nei[k - 1].number;
    long first_j = box[pointer].start;
    const Particle *rB = &rv[first_j];
    for (int w = tx; w < 100; w += 128)
      fv[first_i + w].v += rB[w].v * rB[w].x;
  }
}

// RUN: %kdlg-opt-provisional %s --emit-plan - 2>%t.err | %plancheck | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: %kdlg-opt-provisional %s --dump-access-model --emit-plan %t.plan | FileCheck --check-prefix=DUMP %s
// RUN: %kdlg-opt-provisional %s --emit-dot - 2>/dev/null | FileCheck --check-prefix=DOT %s
// RUN: %kdlg-opt-provisional %s --layout split --emit-plan - 2>/dev/null | %plancheck | FileCheck --check-prefix=SPLIT %s

// CHECK:      struct Box bytes=656 fields=7
// CHECK:      edge
// CHECK-NOT:  cluster
// CHECK:      cluster x,y,z,number,start,nn,nei bytes=652 layout=aos tile=1
// CHECK-NEXT: uniform true
// CHECK-NEXT: note every access is uniform across a work-group (a broadcast): no layout improves its coalescing; kept in one AoS cluster
// CHECK:      end struct Box
// CHECK-NEXT: struct Particle
// CHECK-NOT:  uniform
// CHECK:      end struct Particle

// REMARK: uniform-box.cu:8:8: remark: struct 'Box': every access is uniform across a work-group (a broadcast): no layout improves its coalescing; kept in AoS [kdlg-uniform]
// REMARK-NOT: remark: {{.*}}Particle{{.*}}kdlg-uniform

// DUMP:     load 8 B Box.start @16:{{[0-9]+}} uniform
// DUMP:     load 4 B Box.nn @17:{{[0-9]+}} uniform
// DUMP:     load 4 B Box.nei @23:{{[0-9]+}} uniform
// DUMP:     load 8 B Box.start @24:{{[0-9]+}} uniform
// DUMP:     load 8 B Particle.v @27:{{[0-9]+}}{{$}}

// DOT: graph "kdlg" {
// DOT: subgraph cluster_s0 {
// DOT-NEXT: label="KDLG of Box (656 B, 7 fields), ε = 128 B\nuniform: every access is uniform across a work-group (a broadcast): no layout improves its coalescing; kept in one AoS cluster";
// DOT: subgraph cluster_s1 {
// DOT-NEXT: label="KDLG of Particle (32 B, 4 fields), ε = 128 B";

// --layout split still gives ε-Kruskal's partition (the harness measures it).
// SPLIT:      struct Box
// SPLIT:      cluster x bytes=4 layout=aos tile=1
// SPLIT:      cluster start,nn,nei bytes=636 layout=aos tile=1
// SPLIT-NEXT: uniform true
// SPLIT-NEXT: note {{.*}}; the layout was forced by --layout or --plan-in
