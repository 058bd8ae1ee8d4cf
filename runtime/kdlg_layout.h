/* kdlg_layout.h: the one description of a data layout, shared by kdlg-opt's
 * code generator and by the programs it writes (host pack/unpack, and the
 * index arithmetic the rewritten kernels inline).
 *
 * A struct S of n elements is split into clusters (Kofler et al. 2015,
 * Sect. 3.1); each cluster c lives in its own storage region in one of three
 * layouts (Sect. 3.2, docs/method-notes.md §4):
 *   AoS       (tile 1): element i at i·stride(c); a struct of the cluster's fields
 *   SoA       (tile 0): one array per field, each n elements
 *   tiled-AoS (tile t, a power of two ≥ 2): element i in tile i/t at lane i%t;
 *             each tile holds t values of each field in turn
 * Inside a cluster the fields are ordered by decreasing alignment (ties:
 * declaration order), so every field array and every tile stays aligned; a
 * tile's bytes and an AoS stride are rounded up to the cluster's largest
 * alignment.  Byte addresses:
 *   AoS:   i·stride + off(f)
 *   SoA:   n·off(f) + i·σ(f)
 *   tiled: (i/t)·tile_bytes + t·off(f) + (i%t)·σ(f)
 * where off(f) is the field's offset inside the cluster (sum of the sizes of
 * the fields before it in cluster order).
 *
 * Header-only C99 (static inline), usable from C, C++ and CUDA (host and
 * device: kdlg_cuda.cuh's conversion kernels call kd_layout_address).
 */
#ifndef KDLG_LAYOUT_H_INCLUDED
#define KDLG_LAYOUT_H_INCLUDED

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__CUDACC__)
#define KD_LAYOUT_HD __host__ __device__
#else
#define KD_LAYOUT_HD
#endif
/* unused helpers are fine (nvcc warns about unused static functions of the main file) */
#if defined(__GNUC__) || defined(__clang__) || defined(__CUDACC__)
#define KD_LAYOUT_UNUSED __attribute__((unused))
#else
#define KD_LAYOUT_UNUSED
#endif

typedef struct kd_layout_field {
  const char *name;
  uint32_t aos_offset;  /* offset in the original AoS struct, bytes */
  uint32_t bytes;       /* σ(f), bytes */
  uint32_t align;       /* alignment of the field's type, bytes (power of two): the
                           type the layout stores it as (the declared type, as
                           __alignof__(__typeof__(s.f)) gives it), not the member's
                           alignment in the AoS struct, which the struct's packed or
                           the field's aligned(N) change (aos_offset keeps those) */
  uint32_t cluster;     /* index of its cluster */
  uint32_t offset;      /* off(f): offset inside the cluster, bytes */
} kd_layout_field;

typedef struct kd_layout_cluster {
  uint32_t tile;        /* 1 = AoS, 0 = SoA, t ≥ 2 = tiled-AoS with t elements per tile */
  uint32_t bytes;       /* σ(c) = Σ σ(f) over its fields, bytes */
  uint32_t align;       /* largest field alignment, bytes */
} kd_layout_cluster;

typedef struct kd_layout {
  uint32_t aos_bytes;   /* sizeof the original struct */
  uint32_t nfields;
  const kd_layout_field *fields;     /* in the original declaration order */
  uint32_t nclusters;
  const kd_layout_cluster *clusters;
} kd_layout;

/* x rounded up to a multiple of a (a power of two). */
static inline KD_LAYOUT_UNUSED KD_LAYOUT_HD uint64_t kd_layout_align_up(uint64_t x, uint64_t a) { return (x + a - 1) & ~(a - 1); }

/* AoS stride of cluster c, bytes. */
static inline KD_LAYOUT_UNUSED KD_LAYOUT_HD uint64_t kd_layout_stride(const kd_layout_cluster *c) { return kd_layout_align_up(c->bytes, c->align); }

/* Bytes of one tile of cluster c (tiled-AoS). */
static inline KD_LAYOUT_UNUSED KD_LAYOUT_HD uint64_t kd_layout_tile_bytes(const kd_layout_cluster *c) {
  return kd_layout_align_up((uint64_t)c->tile * c->bytes, c->align);
}

/* Bytes of cluster c's storage region for n elements (whole tiles). */
static inline KD_LAYOUT_UNUSED KD_LAYOUT_HD uint64_t kd_layout_region_bytes(const kd_layout_cluster *c, uint64_t n) {
  if (c->tile == 0)
    return kd_layout_align_up(n * c->bytes, c->align);
  if (c->tile == 1)
    return n * kd_layout_stride(c);
  return (n + c->tile - 1) / c->tile * kd_layout_tile_bytes(c);
}

/* log2 of a power of two t ≥ 1. */
static inline KD_LAYOUT_UNUSED KD_LAYOUT_HD uint32_t kd_layout_log2(uint32_t t) {
#if defined(__CUDA_ARCH__)
  return (uint32_t)(__ffs((int)t) - 1);
#else
  return (uint32_t)__builtin_ctz(t);
#endif
}

/* Byte address of field f of element i inside its cluster's region (n elements). */
static inline KD_LAYOUT_UNUSED KD_LAYOUT_HD uint64_t kd_layout_address(const kd_layout *L, uint32_t f, uint64_t i, uint64_t n) {
  const kd_layout_field *F = &L->fields[f];
  const kd_layout_cluster *c = &L->clusters[F->cluster];
  if (c->tile == 0)
    return n * F->offset + i * F->bytes;
  if (c->tile == 1)
    return i * kd_layout_stride(c) + F->offset;
  uint64_t tile = i / c->tile, lane = i % c->tile;
  if ((c->tile & (c->tile - 1)) == 0) {  // power of two: shift and mask
    tile = i >> kd_layout_log2(c->tile);
    lane = i & (c->tile - 1);
  }
  return tile * kd_layout_tile_bytes(c) + (uint64_t)c->tile * F->offset + lane * F->bytes;
}

/* Whether L places every byte of every field where the original AoS struct
 * has it: one AoS cluster, in declaration order, of the struct's own stride
 * (a plan that only raises the element's alignment).  Copies between the
 * AoS bytes and such a layout are plain copies. */
static inline KD_LAYOUT_UNUSED KD_LAYOUT_HD int kd_layout_identity(const kd_layout *L) {
  if (L->nclusters != 1 || L->clusters[0].tile != 1 || kd_layout_stride(&L->clusters[0]) != L->aos_bytes)
    return 0;
  for (uint32_t f = 0; f < L->nfields; f++)
    if (L->fields[f].offset != L->fields[f].aos_offset)
      return 0;
  return 1;
}

/* Converts n AoS elements (aos: n·aos_bytes bytes) into the layout: regions[c]
 * must hold kd_layout_region_bytes(c, n) bytes.  Padding bytes are left as they are. */
static inline KD_LAYOUT_UNUSED void kd_layout_pack(const kd_layout *L, const void *aos, uint64_t n, void *const *regions) {
  const unsigned char *src = (const unsigned char *)aos;
  for (uint64_t i = 0; i < n; i++)
    for (uint32_t f = 0; f < L->nfields; f++) {
      const kd_layout_field *F = &L->fields[f];
      memcpy((unsigned char *)regions[F->cluster] + kd_layout_address(L, f, i, n),
             src + i * L->aos_bytes + F->aos_offset, F->bytes);
    }
}

/* The inverse of kd_layout_pack: fills every field of n AoS elements; the
 * struct's padding bytes in `aos` are left as they are. */
static inline KD_LAYOUT_UNUSED void kd_layout_unpack(const kd_layout *L, void *const *regions, uint64_t n, void *aos) {
  unsigned char *dst = (unsigned char *)aos;
  for (uint64_t i = 0; i < n; i++)
    for (uint32_t f = 0; f < L->nfields; f++) {
      const kd_layout_field *F = &L->fields[f];
      memcpy(dst + i * L->aos_bytes + F->aos_offset,
             (const unsigned char *)regions[F->cluster] + kd_layout_address(L, f, i, n), F->bytes);
    }
}

#endif
