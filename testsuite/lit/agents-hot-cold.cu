struct Agent {
  float x, y, energy; int alive;                       /* hot  */
  int age, species; float bite_rate, fecundity;        /* cold */
  int infected, infect_day; float wing_len; int home_id;
};

__global__ void live(Agent *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < 64; s++) {
    float e = a[i].energy;
    a[i].x = a[i].x + e;
    a[i].y = a[i].y - e;
    a[i].alive = e > 0.5f;
    a[i].energy = e * 0.9f;
  }
  float c = a[i].age;
  c += a[i].species;
  c += a[i].bite_rate;
  c += a[i].fecundity;
  c += a[i].infected;
  c += a[i].infect_day;
  c += a[i].wing_len;
  a[i].home_id = (int)c;
}

// 12 fields, 4 B each.  One iteration (28 B) is
//   L energy, L x, S x, L y, S y, S alive, S energy
// with access ends at 4, 8, 12, 16, 20, 24, 28 (+ 28 per iteration); then,
// after 64 iterations (1792 B), the 8 cold fields once each at 1796 ... 1824.
// Hot pairs (max over both directions of the worst nearest-following path,
// each lowered to the access's nearest preceding partner in the loop body):
//   x-y 8, x-energy 8, y-alive 8, y-energy 12, x-alive 16, energy-alive 20
//   (energy-alive: L energy(4) -> S alive(24), nothing before L energy).
// Hot -> cold from the first iteration: e.g. energy(4) -> age(1796) = 1792,
//   x(8) -> age = 1788, y(16) -> age = 1780, alive(24) -> age = 1772.
// Cold -> cold: 4 per step, e.g. age-species 4, age-home_id 28.
// ε = 128: hot {x,y,energy,alive} (16 B, aos) and cold {age..home_id}
// (32 B, soa) are separate clusters.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:     struct Agent bytes=48 fields=12
// CHECK-DAG: edge x y 8
// CHECK-DAG: edge x energy 8
// CHECK-DAG: edge x alive 16
// CHECK-DAG: edge y energy 12
// CHECK-DAG: edge y alive 8
// CHECK-DAG: edge energy alive 20
// CHECK-DAG: edge age species 4
// CHECK-DAG: edge age home_id 28
// CHECK-DAG: edge x age 1788
// CHECK-DAG: edge y age 1780
// CHECK-DAG: edge energy age 1792
// CHECK-DAG: edge alive age 1772
// CHECK-DAG: edge alive home_id 1800
// CHECK:      cluster x,y,energy,alive bytes=16 layout=aos tile=1
// CHECK-NEXT: cluster age,species,bite_rate,fecundity,infected,infect_day,wing_len,home_id bytes=32 layout=soa tile=null
// CHECK-NEXT: loop kernel=live function=live line=9 trip=64 rule=c
// CHECK-NEXT: kernels live
