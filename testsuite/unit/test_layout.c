/* test_layout.c: the layout description (runtime/kdlg_layout.h) built from a
 * plan (transform/layout.c): addresses are in bounds, aligned and never
 * overlap; pack/unpack restore every field byte; the formulas of each layout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/kdlg.h"
#include "transform/layout.h"

/* A struct of F fields with the given sizes/alignments laid out by C rules. */
static void make_struct(KdStruct *st, KdField *f, int F, const uint32_t *bytes, const uint32_t *align) {
  uint32_t off = 0, maxa = 1;
  static char names[64][8];
  for (int i = 0; i < F; i++) {
    snprintf(names[i], sizeof names[i], "f%d", i);
    off = (uint32_t)kd_layout_align_up(off, align[i]);
    f[i] = (KdField){names[i], bytes[i], off, align[i]};
    off += bytes[i];
    if (align[i] > maxa)
      maxa = align[i];
  }
  *st = (KdStruct){.name = "S", .bytes = (uint32_t)kd_layout_align_up(off, maxa), .nfields = F, .fields = f,
                   .eligible = true};
}

/* A KDLG whose partition puts field i in cluster part[i] (part numbered by first field). */
static Kdlg *graph_with_partition(const KdStruct *st, const int *part) {
  Kdlg *g = kdlg_new(st);
  int F = st->nfields;
  for (int a = 0; a < F; a++)
    for (int b = 0; b < F; b++)
      if (a != b && part[a] == part[b])
        g->dir[a * F + b] = 1;
  kdlg_finish_edges(g);
  kdlg_partition(g, 2);
  return g;
}

static KdLayoutChoice choice(uint32_t tile) {
  if (tile == 0)
    return (KdLayoutChoice){.kind = KD_LAYOUT_SOA, .tile = 0};
  if (tile == 1)
    return (KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1};
  return (KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = tile};
}

/* Checks bounds, alignment, disjointness and the pack/unpack round trip. */
static void check_layout(const KdStruct *st, const kd_layout *L, uint64_t n) {
  void *regions[64];
  unsigned char *owner[64];
  uint64_t rbytes[64];
  for (uint32_t c = 0; c < L->nclusters; c++) {
    rbytes[c] = kd_layout_region_bytes(&L->clusters[c], n);
    regions[c] = aligned_alloc(256, kd_layout_align_up(rbytes[c] ? rbytes[c] : 1, 256));
    owner[c] = calloc(rbytes[c] + 1, 1);
    memset(regions[c], 0xEE, rbytes[c]);
  }
  for (uint64_t i = 0; i < n; i++)
    for (uint32_t f = 0; f < L->nfields; f++) {
      const kd_layout_field *F = &L->fields[f];
      uint64_t a = kd_layout_address(L, f, i, n);
      assert_true(a + F->bytes <= rbytes[F->cluster]);   // in bounds
      assert_int_equal(a % F->align, 0);                   // aligned
      for (uint32_t k = 0; k < F->bytes; k++) {            // no two (field, element) share a byte
        assert_int_equal(owner[F->cluster][a + k], 0);
        owner[F->cluster][a + k] = 1;
      }
    }
  unsigned char *aos = malloc(n * st->bytes), *back = malloc(n * st->bytes);
  for (uint64_t b = 0; b < n * st->bytes; b++)
    aos[b] = (unsigned char)(1 + (b * 131 + 7) % 251);  // non-zero everywhere
  memset(back, 0, n * st->bytes);
  kd_layout_pack(L, aos, n, regions);
  kd_layout_unpack(L, regions, n, back);
  for (uint64_t i = 0; i < n; i++)
    for (uint32_t f = 0; f < L->nfields; f++) {
      uint64_t o = i * st->bytes + L->fields[f].aos_offset;
      assert_memory_equal(aos + o, back + o, L->fields[f].bytes);
    }
  free(aos);
  free(back);
  for (uint32_t c = 0; c < L->nclusters; c++) {
    free(regions[c]);
    free(owner[c]);
  }
}

static void test_formulas(void **state) {
  (void)state;
  // struct { int a; float4 v; short s; }: one cluster; order v (16), a (4), s (2)
  KdField f[3];
  KdStruct st;
  uint32_t bytes[3] = {4, 16, 2}, align[3] = {4, 16, 2};
  make_struct(&st, f, 3, bytes, align);
  int part[3] = {0, 0, 0};
  Kdlg *g = graph_with_partition(&st, part);
  assert_int_equal(g->nclusters, 1);
  uint32_t tiles[3] = {1, 0, 4};
  for (int k = 0; k < 3; k++) {
    KdLayoutChoice ch = choice(tiles[k]);
    kd_layout L;
    kd_layout_from_plan(g, &ch, &L);
    assert_int_equal(L.fields[1].offset, 0);   // v first: largest alignment
    assert_int_equal(L.fields[0].offset, 16);  // then a
    assert_int_equal(L.fields[2].offset, 20);  // then s
    assert_int_equal(L.clusters[0].bytes, 22);
    assert_int_equal(L.clusters[0].align, 16);
    uint64_t n = 10;
    if (tiles[k] == 1) {  // AoS: stride 32 (22 rounded to 16)
      assert_int_equal(kd_layout_address(&L, 0, 3, n), 3 * 32 + 16);
      assert_int_equal(kd_layout_region_bytes(&L.clusters[0], n), 320);
    } else if (tiles[k] == 0) {  // SoA: v[10] at 0, a[10] at 160, s[10] at 200
      assert_int_equal(kd_layout_address(&L, 1, 3, n), 48);
      assert_int_equal(kd_layout_address(&L, 0, 3, n), 160 + 12);
      assert_int_equal(kd_layout_address(&L, 2, 3, n), 200 + 6);
    } else {  // tile 4: tile bytes 88 → 96; element 5 = tile 1, lane 1
      assert_int_equal(kd_layout_tile_bytes(&L.clusters[0]), 96);
      assert_int_equal(kd_layout_address(&L, 1, 5, n), 96 + 0 + 16);
      assert_int_equal(kd_layout_address(&L, 0, 5, n), 96 + 4 * 16 + 4);
      assert_int_equal(kd_layout_address(&L, 2, 5, n), 96 + 4 * 20 + 2);
      assert_int_equal(kd_layout_region_bytes(&L.clusters[0], n), 3 * 96);  // 10 elements: 3 tiles
    }
    check_layout(&st, &L, n);
    kd_layout_release(&L);
  }
  kdlg_free(g);
}

static void test_random_layouts(void **state) {
  (void)state;
  static const uint32_t sizes[] = {1, 2, 4, 8, 12, 16, 3, 6};
  static const uint32_t aligns[] = {1, 2, 4, 8, 4, 16, 1, 2};
  static const uint32_t tiles[] = {1, 0, 2, 4, 32, 1024};
  static const uint64_t ns[] = {1, 7, 33, 100};
  srand(12345);
  for (int iter = 0; iter < 300; iter++) {
    int F = 1 + rand() % 9;
    uint32_t bytes[16], align[16];
    for (int i = 0; i < F; i++) {
      int k = rand() % 8;
      bytes[i] = sizes[k];
      align[i] = aligns[k];
    }
    KdField f[16];
    KdStruct st;
    make_struct(&st, f, F, bytes, align);
    int part[16];
    for (int i = 0; i < F; i++)
      part[i] = rand() % 3;
    Kdlg *g = graph_with_partition(&st, part);
    KdLayoutChoice ch[16];
    for (int c = 0; c < g->nclusters; c++)
      ch[c] = choice(tiles[rand() % 6]);
    kd_layout L;
    kd_layout_from_plan(g, ch, &L);
    // every field belongs to the cluster the partition put it in
    for (int c = 0; c < g->nclusters; c++)
      for (int i = 0; i < g->clusters[c].nfields; i++)
        assert_int_equal(L.fields[g->clusters[c].fields[i]].cluster, c);
    check_layout(&st, &L, ns[rand() % 4]);
    kd_layout_release(&L);
    kdlg_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_formulas),
      cmocka_unit_test(test_random_layouts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
