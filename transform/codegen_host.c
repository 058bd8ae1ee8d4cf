/* codegen_host.c: the host side of a rewritten struct (see codegen.h;
 * codegenInt.h): the layout description as data; for CUDA the traits from
 * which runtime/kdlg_cuda.cuh instantiates the struct's conversion kernels
 * (how each step stages its bytes through shared memory) and the wrappers
 * that replace cudaMalloc / cudaMemcpy / cudaMemset / cudaFree; for OpenCL
 * the <output>.layout.h header's region sizes and pack / unpack. */
#include "codegenInt.h"

static void gen_description(FILE *out, const KdGenStruct *g) {
  const kd_layout *L = g->L;
  const char *T = g->tag;
  fprintf(out, "static const kd_layout_field kdlg_%s_fields[] = {\n", T);
  for (uint32_t f = 0; f < L->nfields; f++) {
    const kd_layout_field *F = &L->fields[f];
    fprintf(out, "  {\"%s\", %u, %u, %u, %u, %u},\n", F->name, F->aos_offset, F->bytes, F->align, F->cluster,
            F->offset);
  }
  fprintf(out, "};\nstatic const kd_layout_cluster kdlg_%s_clusters[] = {\n", T);
  for (uint32_t c = 0; c < L->nclusters; c++)
    fprintf(out, "  {%u, %u, %u}, /* %s */\n", L->clusters[c].tile, L->clusters[c].bytes, L->clusters[c].align,
            kd_layout_word(cg_cluster_choice(L, c).kind, KD_LAYOUT_STYLE_PROSE));
  fprintf(out,
          "};\nstatic const kd_layout kdlg_%s_layout = {%u, %u, kdlg_%s_fields, %u, kdlg_%s_clusters};\n"
          "#define KDLG_%s_NREGIONS %u\n",
          T, L->aos_bytes, L->nfields, T, L->nclusters, T, T, L->nclusters);
}

/* Largest power of two ≤ 16 dividing x: the unit of a move whose addresses and
 * size are multiples of it. */
static unsigned unit_of(unsigned x) {
  x |= 16u;
  return x & (~x + 1u);
}

/* The unit a field moves in (generated and generic conversion alike): the
 * largest power of two <= 16 dividing its size, AoS offset, sizeof(S) and
 * alignment. */
static unsigned field_unit(const kd_layout *L, const kd_layout_field *F) {
  return unit_of(F->bytes | F->aos_offset | L->aos_bytes | F->align);
}

static const char *unit_type(unsigned u) {
  return u == 16 ? "uint4" : u == 8 ? "uint2" : u == 4 ? "unsigned" : u == 2 ? "unsigned short" : "unsigned char";
}

/* Threads per block of the generated conversion for a-byte elements, and
 * *per elements per thread: one step stages threads·per whole elements in
 * shared memory, at most `budget` bytes (24 KiB: 8 blocks of 256 threads fit
 * an SM), or 48 KiB (the static limit) for elements over budget / 32 bytes.
 * 0: too large (a > 1536 bytes, or over budget / 32 with a smaller budget),
 * the generic kernel converts. */
static unsigned conv_shape(unsigned a, unsigned budget, unsigned *per) {
  *per = 1;
  if (a <= 96) {
    unsigned e = budget / (256u * a);
    *per = e < 1 ? 1 : e > 8 ? 8 : e;
    return 256;
  }
  if (a <= budget / 32)
    return 32 * (budget / (32u * a));
  return a <= 1536 && budget == 24576u ? 32 : 0;
}

/* Whether a warp's stores of some field of L, one element per lane, leave
 * 32-byte sectors partly written: a field under 32 bytes in an AoS cluster
 * with other fields, or in tiles of fewer than 32 bytes per field run; or a
 * field of 32 bytes or more moved in several units (lanes a field apart).
 * The L2 then takes a request per sector for a few bytes each, and AoS ->
 * layout ran at 0.2-0.7 of memcpy (benchmarks/convert/README.md); SoA and
 * single-field clusters of fields moved in one unit, and runs of 32 bytes or
 * more, write whole sectors. */
static bool partial_sector_stores(const kd_layout *L) {
  for (uint32_t f = 0; f < L->nfields; f++) {
    const kd_layout_field *F = &L->fields[f];
    const kd_layout_cluster *c = &L->clusters[F->cluster];
    if (F->bytes >= 32 && F->bytes > field_unit(L, F))
      return true;  // lanes 32 bytes or more apart, several units each: each warp store writes sectors in part
    if (F->bytes >= 32 || c->tile == 0)
      continue;
    if (c->tile == 1 ? F->bytes < kd_layout_stride(c) : (uint64_t)c->tile * F->bytes < 32)
      return true;
  }
  return false;
}

/* Whether a warp's accesses of field F, one element per lane, are narrow:
 * units under 4 bytes (a warp access moves 32 or 64 bytes), or a field of 32
 * bytes or more in several units (lanes a sector or more apart: each access
 * touches every sector in part). */
static bool narrow_field(const kd_layout *L, const kd_layout_field *F) {
  unsigned u = field_unit(L, F);
  return u < 4 || (F->bytes >= 32 && F->bytes > u);
}

/* Whether unpacking should load cluster c's region through shared memory
 * (C::stage_in): a tiled or AoS cluster at least half of whose bytes are in
 * narrow fields.  Layout -> AoS of such layouts ran at 0.60-0.75 of memcpy
 * (RGB in tiles, the 208-byte struct in tiles of 2); staged, their region is
 * one contiguous run per step.  A cluster with a few narrow fields among wide
 * ones loads well directly (the padded struct: 1.04-1.10, staged 0.77-0.82).
 * A SoA region is one run per field: stage_in_field picks its fields. */
static bool stage_in_cluster(const kd_layout *L, uint32_t c) {
  if (L->clusters[c].tile == 0)
    return false;
  uint64_t narrow = 0;
  for (uint32_t f = 0; f < L->nfields; f++)
    if (L->fields[f].cluster == c && narrow_field(L, &L->fields[f]))
      narrow += L->fields[f].bytes;
  return 2 * narrow >= L->clusters[c].bytes;
}

/* Whether F is a SoA field moved in 1-byte units, whose array unpacking
 * should load through shared memory (C::stage_in, kdlg_gen_load_runs).  A warp
 * loading one such field of 32 elements brings 32 bytes per instruction:
 * RGB SoA -> AoS ran at 0.73 of memcpy, staged 0.81.  The arrays after the
 * first start at any address (n, 2n bytes), which kdlg_gen_load_runs takes
 * in 16-byte units too (staging a run in units of its own alignment fell to
 * 1-byte units there: 0.63).  Wider SoA fields load well directly (Agent
 * SoA: 0.96; staging all of its fields measured 0.64). */
static bool byte_soa_field(const kd_layout *L, const kd_layout_field *F) {
  return L->clusters[F->cluster].tile == 0 && field_unit(L, F) == 1;
}

/* Whether unpacking stages SoA field F: the first 8 (by declaration) of the
 * byte_soa_field fields.  kdlg_gen_load_runs
 * holds every staged run's 16-byte units in registers before storing them
 * (24 such fields at once took 254 registers a thread; review finding). */
static bool stage_in_field(const kd_layout *L, const kd_layout_field *F) {
  if (!byte_soa_field(L, F))
    return false;
  int before = 0;
  for (const kd_layout_field *G = L->fields; G < F; G++)
    before += byte_soa_field(L, G);
  return before < 8;
}

/* Whether staged packing stores cluster C's part of a step of ch elements
 * as a slice of one tile: its tile is a multiple of the step (a step of 32
 * 208-byte elements in tiles of 1024), so the step's lanes of each field
 * are one run of ch · σ(f) bytes in one tile.  The stage holds the slice as
 * a tile of ch lanes (field f's run at ch · offset(f)); the traits'
 * pack_staged writes it there (the accessors address whole tiles). */
static bool stage_slice(const kd_layout_cluster *C, unsigned ch) {
  return C->tile > ch && C->tile % ch == 0;
}

/* Staged packing (kdlg_gen_pack_kernel): a full step of ch elements is
 * packed into shared memory in the layout's own order, then each region's
 * part (tiled and AoS clusters: one run; SoA: one run per field) is stored
 * with 16-byte units.  Possible when every tile divides ch (a step is whole
 * tiles); returns the shared bytes the regions take (each region 16-byte
 * aligned), or 0 when not possible.  A region with padding (an AoS stride
 * or tile bytes rounded up) has it stored too: the stage is zeroed once per
 * block (C::stage_zero, *pad here) and packing writes only field bytes, so
 * the padding of the step's elements and tiles becomes zero; nothing reads
 * it, and the step holds whole tiles of elements being converted.
 *
 * Staged unpacking (in: kdlg_gen_unpack_kernel) loads the regions that
 * stage_in_cluster picks, padding included (reading it is harmless), and the
 * SoA fields stage_in_field picks, each with 16 bytes of room
 * (kdlg_gen_load_runs may place a run at its address % 16); it needs every
 * tile to divide ch, also of the regions it reads directly (their pointers
 * move on by base / t tiles); returns the staged runs' shared bytes, or 0. */
static uint64_t stage_bytes(const kd_layout *L, unsigned ch, bool in, bool *pad) {
  uint64_t b = 0;
  *pad = false;
  for (uint32_t c = 0; c < L->nclusters; c++) {
    const kd_layout_cluster *C = &L->clusters[c];
    uint32_t t = C->tile;
    if (!in && stage_slice(C, ch)) {
      b += kd_layout_align_up((uint64_t)ch * C->bytes, 16);
      continue;
    }
    // every tile, staged or not: stage_in moves the pointer of a tiled
    // region it reads directly on by base / t tiles
    if (t > 1 && ch % t != 0)
      return 0;
    if (in && t == 0) {  // SoA: the fields stage_in_field picks, each with room to be placed at its address % 16
      for (uint32_t f = 0; f < L->nfields; f++)
        if (L->fields[f].cluster == c && stage_in_field(L, &L->fields[f]))
          b += kd_layout_align_up((uint64_t)ch * L->fields[f].bytes, 16) + 16;
      continue;
    }
    if (in && !stage_in_cluster(L, c))
      continue;
    uint64_t rb = kd_layout_region_bytes(C, ch);
    if (!in && rb != (uint64_t)ch * C->bytes)
      *pad = true;  // AoS stride or tile bytes rounded up
    b += kd_layout_align_up(rb, 16) + (in ? 16 : 0);  // (unpacking: room to place the run at its address % 16)
  }
  return b;
}

/* One region's part of a step stored from the stage:
 * `kdlg_gen_store<nt>(<global>, st + at, bytes);` for cluster c, or for SoA
 * field F of it. */
static void gen_stage_run(FILE *out, unsigned nt, const kd_layout_cluster *C, uint32_t c,
                          const kd_layout_field *F, uint64_t at, unsigned ch) {
  if (!F) {
    uint64_t unit = C->tile == 1 ? kd_layout_stride(C) : kd_layout_tile_bytes(C);
    fprintf(out, "    kdlg_gen_store<%u>((unsigned char *)v.kd_c%u + base / %u * %lluLL, st + %llu, %lluu);\n", nt, c,
            C->tile, (unsigned long long)unit, (unsigned long long)at,
            (unsigned long long)kd_layout_region_bytes(C, ch));
  } else {
    fprintf(out, "    kdlg_gen_store<%u>((unsigned char *)v.kd_f_%s + base * %uLL, st + %llu, %lluu);\n", nt, F->name,
            F->bytes, (unsigned long long)at, (unsigned long long)ch * F->bytes);
  }
}

/* The traits' stage_view and stage_out (kdlg_cuda.cuh, "Generated
 * conversion") for staged packing of steps of ch elements in layout order,
 * by nt threads: one walk over the regions writes both, stage_out into a
 * buffer appended after stage_view. */
static void gen_stage(FILE *out, const KdGenStruct *g, unsigned nt, unsigned ch) {
  const kd_layout *L = g->L;
  const char *T = g->tag;
  int order[L->nfields + 1];
  char *outs = NULL;
  size_t nouts = 0;
  FILE *so = kd_xopen_memstream(&outs, &nouts);
  fputs("  static __device__ __forceinline__ view stage_view(view v, unsigned char *st, long long base) {\n", out);
  fputs("  static __device__ __forceinline__ void stage_out(view v, const unsigned char *st, long long base) {\n", so);
  uint64_t at = 0;
  for (uint32_t c = 0; c < L->nclusters; c++) {
    const kd_layout_cluster *C = &L->clusters[c];
    if (stage_slice(C, ch)) {  // one run per field, from the stage's tile of ch lanes into the step's tile
      fprintf(out, "    v.kd_c%u = (kdlg_%s_c%u *)(st + %llu); /* a tile of %u lanes: pack_staged */\n", c, T, c,
              (unsigned long long)at, ch);
      int n = cg_cluster_fields(g, c, order);
      for (int i = 0; i < n; i++) {
        const kd_layout_field *F = &L->fields[order[i]];
        fprintf(so,
                "    kdlg_gen_store<%u>((unsigned char *)v.kd_c%u + base / %u * %lluLL + %lluLL + base %% %u * %uLL, "
                "st + %llu, %lluu);\n",
                nt, c, C->tile, (unsigned long long)kd_layout_tile_bytes(C),
                (unsigned long long)C->tile * F->offset, C->tile, F->bytes,
                (unsigned long long)(at + (uint64_t)ch * F->offset), (unsigned long long)ch * F->bytes);
      }
      at += kd_layout_align_up((uint64_t)ch * C->bytes, 16);
      continue;
    }
    if (C->tile != 0) {
      fprintf(out, "    v.kd_c%u = (kdlg_%s_c%u *)(st + %llu);\n", c, T, c, (unsigned long long)at);
      gen_stage_run(so, nt, C, c, NULL, at, ch);
    } else {
      int n = cg_cluster_fields(g, c, order);
      for (int i = 0; i < n; i++) {
        const kd_layout_field *F = &L->fields[order[i]];
        uint64_t fat = at + (uint64_t)ch * F->offset;
        fprintf(out, "    v.kd_f_%s = (kdlg_%s_t_%s *)(st + %llu);\n", F->name, T, F->name, (unsigned long long)fat);
        gen_stage_run(so, nt, C, c, F, fat, ch);
      }
    }
    at += kd_layout_align_up(kd_layout_region_bytes(C, ch), 16);
  }
  fprintf(out, "    v.kd_n = %u;\n    v.kd_o = -base; /* element base + e is at e in the stage */\n    return v;\n  }\n", ch);
  fputs("  }\n", so);
  fclose(so);
  fwrite(outs, 1, nouts, out);
  free(outs);
}

/* The traits' stage_in for staged unpacking of steps of ch elements by nt
 * threads: loads the step's part of each region that stage_in_cluster picks
 * and of each SoA field that stage_in_field picks into shared memory, with
 * one kdlg_gen_load_runs (all of a thread's loads before its stores: one
 * kdlg_gen_load per run, each waiting for the one before, ran RGB in tiles
 * of 32 and 512 at 0.78 of memcpy, 0.90 now), and returns a view of element
 * base + e at e: staged runs in shared memory, the others (loaded directly)
 * moved on by base elements.  A tiled or AoS run whose tile or stride is a
 * multiple of 16 bytes starts 16-byte aligned: the view addresses it at a
 * constant offset (FIXED; from d[], RGB in tiles of 48 fell from 0.86 to
 * 0.78), the others where kdlg_gen_load_runs placed them. */
static void gen_stage_in(FILE *out, const KdGenStruct *g, unsigned nt, unsigned ch) {
  const kd_layout *L = g->L;
  const char *T = g->tag;
  int order[L->nfields + 1];
  // the staged runs: a tiled or AoS cluster's part of the step, or a SoA field's
  char *srcs = NULL, *bytes = NULL, *dsts = NULL, *sets = NULL;
  size_t ns = 0, nb = 0, nd = 0, nsets = 0;
  FILE *fs = kd_xopen_memstream(&srcs, &ns), *fb = kd_xopen_memstream(&bytes, &nb),
       *fd = kd_xopen_memstream(&dsts, &nd), *fv = kd_xopen_memstream(&sets, &nsets);
  fputs("  static __device__ __forceinline__ view stage_in(view v, unsigned char *st, long long base) {\n", out);
  uint64_t at = 0, most = 0;
  int k = 0;
  unsigned fixed = 0;  // runs the view addresses at a constant offset (kdlg_gen_load_runs's FIXED)
  for (uint32_t c = 0; c < L->nclusters; c++) {
    const kd_layout_cluster *C = &L->clusters[c];
    if (stage_in_cluster(L, c)) {
      uint64_t unit = C->tile == 1 ? kd_layout_stride(C) : kd_layout_tile_bytes(C), rb = kd_layout_region_bytes(C, ch);
      fprintf(fs, "%s(const unsigned char *)v.kd_c%u + base / %u * %lluLL", k ? ", " : "", c, C->tile,
              (unsigned long long)unit);
      fprintf(fb, "%s%llu", k ? ", " : "", (unsigned long long)rb);
      fprintf(fd, "%sst + %llu", k ? ", " : "", (unsigned long long)at);
      if (unit % 16 == 0 && k < 32) {  // (its part of the step starts 16-byte aligned: the view at a constant offset)
        fprintf(fv, "    v.kd_c%u = (kdlg_%s_c%u *)(st + %llu);\n", c, T, c, (unsigned long long)at);
        fixed |= 1u << k;
      } else {
        fprintf(fv, "    v.kd_c%u = (kdlg_%s_c%u *)d[%d];\n", c, T, c, k);
      }
      k++;
      at += kd_layout_align_up(rb, 16) + 16;
      most = rb > most ? rb : most;
    } else if (C->tile != 0) {
      fprintf(out, "    v.kd_c%u += base / %u;\n", c, C->tile);
    } else {
      int n = cg_cluster_fields(g, c, order);
      for (int i = 0; i < n; i++) {
        const kd_layout_field *F = &L->fields[order[i]];
        if (!stage_in_field(L, F)) {
          fprintf(out, "    v.kd_f_%s += base;\n", F->name);
          continue;
        }
        uint64_t rb = (uint64_t)ch * F->bytes;
        fprintf(fs, "%s(const unsigned char *)(v.kd_f_%s + base)", k ? ", " : "", F->name);
        fprintf(fb, "%s%llu", k ? ", " : "", (unsigned long long)rb);
        fprintf(fd, "%sst + %llu", k ? ", " : "", (unsigned long long)at);
        fprintf(fv, "    v.kd_f_%s = (kdlg_%s_t_%s *)d[%d];\n", F->name, T, F->name, k++);
        at += kd_layout_align_up(rb, 16) + 16;
        most = rb > most ? rb : most;
      }
    }
  }
  fclose(fs);
  fclose(fb);
  fclose(fd);
  fclose(fv);
  if (k > 0)
    fprintf(out,
            "    const unsigned char *s[] = {%s};\n    const unsigned b[] = {%s};\n    unsigned char *d[] = {%s};\n"
            "    kdlg_gen_load_runs<%u, %lluu, %d, %uu>(s, b, d);\n%s",
            srcs, bytes, dsts, nt, (unsigned long long)most, k, fixed, sets);
  fprintf(out, "    v.kd_o = -base; /* element base + e is at e */\n    return v;\n  }\n");
  free(srcs);
  free(bytes);
  free(dsts);
  free(sets);
}

/* For elements over 96 bytes (blocks of 32·k threads, one element each),
 * the smallest step of whole tiles of L (the least common multiple of its
 * tiles) when no such block holds one within half the shared budget, as one
 * element per thread: a step whose AoS bytes and stage
 * (each at most that many bytes) fit the 48 KiB static limit together, of
 * at most 1024 threads, with a multiple of 16 AoS bytes (kdlg_gen_copy);
 * else 0.  For the 208-byte struct in tiles of 48, whose step of 32
 * elements is neither whole tiles nor inside one: packed directly, its
 * warps' 16-byte stores land 96 bytes apart and write every sector in part
 * (0.42 of memcpy). */
static unsigned whole_tiles_step(const kd_layout *L, unsigned a) {
  uint64_t s = 1;
  for (uint32_t c = 0; c < L->nclusters && s <= 1024; c++) {
    uint64_t t = L->clusters[c].tile, x = s, y = t;
    if (t <= 1)
      continue;
    while (y) {  // s = lcm(s, t)
      uint64_t r = x % y;
      x = y;
      y = r;
    }
    s = s / x * t;
  }
  if (a <= 96 || s <= 32 || s > 1024 || s * a % 16 != 0 || 2 * (s * a + 16 * L->nclusters) + 15 > 49152u)
    return 0;  // (up to 96 bytes, blocks of 256 threads take whole tiles: stage_per)
  return (unsigned)s;
}

/* Whether every tile of L is whole in a step of ch elements, or, with
 * slices, a multiple of it (stage_slice): staged packing (and, without
 * slices, unpacking) can take such a step. */
static bool step_fits(const kd_layout *L, unsigned ch, bool slices) {
  for (uint32_t c = 0; c < L->nclusters; c++) {
    uint32_t t = L->clusters[c].tile;
    if (t > 1 && ch % t != 0 && !(slices && stage_slice(&L->clusters[c], ch)))
      return false;
  }
  return true;
}

/* Elements per thread for a staged step of nt threads: the largest per <=
 * most whose step nt * per every tile of L divides (staging moves whole
 * tiles: tiles of 48 and a step of 256 x 8 do not fit, 256 x 6 does), or 0. */
static unsigned stage_per(const kd_layout *L, unsigned nt, unsigned most) {
  for (unsigned per = most; per >= 1; per--)
    if (step_fits(L, nt * per, false))
      return per;
  return 0;
}

/* The traits' pack_staged (kdlg_gen_pack_kernel's staged path, given
 * stage_view's view): pack, but a field of a cluster staged as a tile slice
 * (stage_slice) goes to its run in the stage's tile of ch lanes.  Calls pack
 * where no cluster is a slice (ch 0: not staged). */
static void gen_pack_staged(FILE *out, const KdGenStruct *g, unsigned ch) {
  const kd_layout *L = g->L;
  bool slices = false;
  for (uint32_t c = 0; c < L->nclusters; c++)
    slices |= ch && stage_slice(&L->clusters[c], ch);
  fputs("  static __device__ __forceinline__ void pack_staged(view v, kdlg_index i, const unsigned char *a) {", out);
  if (!slices) {
    fputs(" pack(v, i, a); }\n", out);
    return;
  }
  fputs("\n", out);
  for (uint32_t f = 0; f < L->nfields; f++) {
    const kd_layout_field *F = &L->fields[f];
    unsigned u = field_unit(L, F);
    if (stage_slice(&L->clusters[F->cluster], ch))
      fprintf(out, "    kdlg_move<%s, %u>((unsigned char *)v.kd_c%u + %lluLL + (v.kd_o + i) * %uLL, a + %u);\n",
              unit_type(u), F->bytes / u, F->cluster, (unsigned long long)ch * F->offset, F->bytes, F->aos_offset);
    else
      fprintf(out, "    kdlg_move<%s, %u>((unsigned char *)kdlg_%s_f_%s(v, i), a + %u);\n", unit_type(u),
              F->bytes / u, g->tag, F->name, F->aos_offset);
  }
  fputs("  }\n", out);
}

/* The traits class kdlg_S_conv of runtime/kdlg_cuda.cuh ("Generated
 * conversion"): every constant comes from L, and the layout-side addresses
 * from the accessors, so it moves exactly what kd_layout_pack / _unpack and
 * the generic kernel move.  Returns false (and writes a comment) for a struct
 * too large for it. */
static bool gen_conversion(FILE *out, const KdGenStruct *g) {
  const kd_layout *L = g->L;
  const char *T = g->tag;
  unsigned A = L->aos_bytes, per, nt = conv_shape(A, 24576u, &per);
  // staging in either direction: half the budget for the AoS step, the rest for the regions
  unsigned sper, snt = conv_shape(A, 12288u, &sper);
  uint64_t sb = 0, sbin = 0;
  bool zero = false, unused;
  unsigned most = sper;
  if (snt) {
    unsigned w = stage_per(L, snt, sper);  // whole tiles, both ways
    sper = w ? w : step_fits(L, snt * sper, true) ? sper : 0;  // or, packing only, slices of larger tiles
    unsigned s = whole_tiles_step(L, A);
    if (!sper && s && partial_sector_stores(L)) {
      snt = s;  // a step of whole tiles, one element per thread (the 208-byte struct in tiles of 48: 48 threads)
      sper = 1;
    }
  }
  if (snt && sper) {
    uint64_t aos = (uint64_t)snt * sper * A + 15;
    // a step shortened to whole tiles packs staged too: RGB in tiles of 48,
    // packed directly, went from 0.81 of memcpy (256 x 8) to 0.77 (256 x 6);
    // staged, 0.83 (benchmarks/convert/README.md)
    sb = partial_sector_stores(L) || sper < most ? stage_bytes(L, snt * sper, false, &zero) : 0;
    sbin = stage_bytes(L, snt * sper, true, &unused);
    if (aos + sb > 49152u)
      sb = 0;
    zero = zero && sb;
    if (aos + sbin > 49152u)
      sbin = 0;
    if (kd_gen_compact(g))  // staging moves the per-field pointers of a SoA view, which a compact view has not
      sb = sbin = 0, zero = false;
  }
  if (sb || sbin) {
    nt = snt;
    per = sper;
  }
  if (!nt) {
    fprintf(out, "/* %s: %u-byte elements, too large for a generated conversion (the generic kernel converts) */\n",
            g->type, A);
    return false;
  }
  fprintf(out,
          "/* %s's element moves for kdlg_gen_convert (kdlg_cuda.cuh): %u threads, %u element(s) each per step%s%s */\n"
          "struct kdlg_%s_conv {\n"
          "  typedef kdlg_view_%s view;\n"
          "  enum { aos_bytes = %u, threads = %u, per_thread = %u, stage_bytes = %llu, stage_zero = %d, "
          "stage_in_bytes = %llu };\n"
          "  static void bind(view *v, void *const *r, long long n) { kdlg_%s_bind(v, r, n); }\n",
          g->type, nt, per, sb ? ", packed in layout order in shared memory" : "",
          sbin ? ", unpacked from regions staged in shared memory" : "", T, T, A, nt, per, (unsigned long long)sb,
          zero ? 1 : 0, (unsigned long long)sbin, T);
  if (sb)
    gen_stage(out, g, nt, nt * per);
  else
    fputs("  static __device__ __forceinline__ view stage_view(view v, unsigned char *, long long) { return v; }\n"
          "  static __device__ __forceinline__ void stage_out(view, const unsigned char *, long long) {}\n",
          out);
  if (sbin)
    gen_stage_in(out, g, nt, nt * per);
  else
    fputs("  static __device__ __forceinline__ view stage_in(view v, unsigned char *, long long) { return v; }\n", out);
  for (int unpack = 0; unpack < 2; unpack++) {
    fprintf(out, "  static __device__ __forceinline__ void %s(view v, kdlg_index i, %sunsigned char *a) {\n",
            unpack ? "unpack" : "pack", unpack ? "" : "const ");
    if (unpack) {  // the struct's padding bytes become zero, as in the generic kernel
      unsigned char field[1536];
      memset(field, 0, A);
      for (uint32_t f = 0; f < L->nfields; f++)
        memset(field + L->fields[f].aos_offset, 1, L->fields[f].bytes);
      for (unsigned p = 0; p < A;) {
        if (field[p]) {
          p++;
          continue;
        }
        unsigned u = unit_of(p | A);
        while (p + u > A || memchr(field + p, 1, u))
          u /= 2;
        fprintf(out, "    kdlg_zero<%s>(a + %u); /* padding */\n", unit_type(u), p);
        p += u;
      }
    }
    for (uint32_t f = 0; f < L->nfields; f++) {
      const kd_layout_field *F = &L->fields[f];
      unsigned u = field_unit(L, F);
      if (unpack)
        fprintf(out, "    kdlg_move<%s, %u>(a + %u, (const unsigned char *)kdlg_%s_f_%s(v, i));\n", unit_type(u),
                F->bytes / u, F->aos_offset, T, F->name);
      else
        fprintf(out, "    kdlg_move<%s, %u>((unsigned char *)kdlg_%s_f_%s(v, i), a + %u);\n", unit_type(u),
                F->bytes / u, T, F->name, F->aos_offset);
    }
    fputs("  }\n", out);
  }
  gen_pack_staged(out, g, sb ? nt * per : 0);
  fputs("};\n", out);
  return true;
}

/* Whether gen_conversion writes a conversion for g (else the generic kernel converts). */
static bool has_conversion(const KdGenStruct *g) {
  unsigned per;
  return conv_shape(g->L->aos_bytes, 24576u, &per) != 0;
}

/* How a host wrapper is written: an inline definition (every file that
 * includes the block has its own), a declaration (a header shared with
 * host-compiled files), or the one external definition (a CUDA file). */
typedef enum WrapMode { WRAP_INLINE, WRAP_DECLARE, WRAP_DEFINE } WrapMode;

/* One wrapper: `sig` is its declaration, default arguments between '[' and
 * ']' (kept in inline definitions and declarations, dropped in the external
 * definition); `body` its statements.  Both malloc'd; freed here. */
static void wrapper(FILE *out, WrapMode m, char *sig, char *body) {
  if (m == WRAP_INLINE)
    fputs("inline ", out);
  for (const char *p = sig; *p; p++) {
    if (*p == '[') {
      const char *e = strchr(p, ']');
      assert(e);
      if (m != WRAP_DEFINE)
        fwrite(p + 1, 1, (size_t)(e - p - 1), out);
      p = e;
    } else {
      fputc(*p, out);
    }
  }
  if (m == WRAP_DECLARE)
    fputs(";\n", out);
  else
    fprintf(out, " {%s%s%s}\n", strchr(body, '\n') ? "\n" : " ", body, strchr(body, '\n') ? "" : " ");
  free(sig);
  free(body);
}

/* The wrappers that replace cudaMalloc / cudaMemcpy / cudaMemset / cudaFree
 * on a view of g (runtime/kdlg_cuda.cuh does the work). */
static void gen_wrappers(FILE *out, const KdGenStruct *g, WrapMode m) {
  const char *T = g->tag;
  bool id = kd_layout_identity(g->L);
  const char *nd = id ? "d.kd_n - d.kd_o" : "d.kd_n", *nv = id ? "v.kd_n - v.kd_o" : "v.kd_n";
  char G[strlen(T) + 32];
  if (has_conversion(g))
    snprintf(G, sizeof G, "kdlg_gen_convert<kdlg_%s_conv>", T);
  else
    strcpy(G, "NULL");
  const char *R = "void *r[KDLG_MAX_CLUSTERS]";
  wrapper(out, m, kd_xasprintf("cudaError_t kdlg_%s_malloc_how(void *vp, size_t bytes, int how, unsigned flags, cudaStream_t s)", T),
          kd_xasprintf("  %s; long long n;\n"
                       "  cudaError_t e = kdlg_malloc(&kdlg_%s_layout, bytes, r, &n, how, flags, s);\n"
                       "  if (e == cudaSuccess) kdlg_%s_bind((kdlg_view_%s *)vp, r, n);\n"
                       "  return e;\n",
                       R, T, T, T));
  wrapper(out, m, kd_xasprintf("cudaError_t kdlg_%s_malloc(void *vp, size_t bytes)", T),
          kd_xasprintf("return kdlg_%s_malloc_how(vp, bytes, 0, 0, 0);", T));
  wrapper(out, m, kd_xasprintf("cudaError_t kdlg_%s_malloc_managed(void *vp, size_t bytes, unsigned flags[ = cudaMemAttachGlobal])", T),
          kd_xasprintf("return kdlg_%s_malloc_how(vp, bytes, 1, flags, 0);", T));
  wrapper(out, m, kd_xasprintf("cudaError_t kdlg_%s_malloc_async(void *vp, size_t bytes, cudaStream_t s)", T),
          kd_xasprintf("return kdlg_%s_malloc_how(vp, bytes, 2, 0, s);", T));
  for (int async = 0; async < 2; async++) {
    const char *sfx = async ? "_async" : "";
    const char *sp = async ? ", cudaStream_t s[ = 0]" : "";
    const char *sa = async ? "1, s" : "0, 0";
    wrapper(out, m,
            kd_xasprintf("cudaError_t kdlg_%s_copy_in%s(kdlg_view_%s d, const void *src, size_t bytes, cudaMemcpyKind kind%s)", T, sfx, T, sp),
            kd_xasprintf("  %s; kdlg_%s_regions(d, r);\n"
                         "  return kdlg_%s_whole(d) ? kdlg_copy_in(&kdlg_%s_layout, %s, r, %s, src, bytes, kind, %s) : cudaErrorInvalidValue;\n",
                         R, T, T, T, G, nd, sa));
    wrapper(out, m,
            kd_xasprintf("cudaError_t kdlg_%s_copy_out%s(void *dst, kdlg_view_%s v, size_t bytes, cudaMemcpyKind kind%s)", T, sfx, T, sp),
            kd_xasprintf("  %s; kdlg_%s_regions(v, r);\n"
                         "  return kdlg_%s_whole(v) ? kdlg_copy_out(&kdlg_%s_layout, %s, dst, r, %s, bytes, kind, %s) : cudaErrorInvalidValue;\n",
                         R, T, T, T, G, nv, sa));
    wrapper(out, m,
            kd_xasprintf("cudaError_t kdlg_%s_copy_between%s(kdlg_view_%s d, kdlg_view_%s v, size_t bytes, cudaMemcpyKind kind%s)", T, sfx, T, T, sp),
            kd_xasprintf("  (void)kind; %s, *q[KDLG_MAX_CLUSTERS]; kdlg_%s_regions(d, r); kdlg_%s_regions(v, q);\n"
                         "  return kdlg_%s_whole(d) && kdlg_%s_whole(v) ? kdlg_copy_between(&kdlg_%s_layout, %s, r, %s, q, %s, bytes, %s)"
                         " : cudaErrorInvalidValue;\n",
                         R, T, T, T, T, T, G, nd, nv, sa));
    wrapper(out, m, kd_xasprintf("cudaError_t kdlg_%s_memset%s(kdlg_view_%s d, int value, size_t bytes%s)", T, sfx, T, sp),
            kd_xasprintf("  %s; kdlg_%s_regions(d, r);\n"
                         "  return kdlg_%s_whole(d) ? kdlg_memset(&kdlg_%s_layout, %s, r, %s, value, bytes, %s) : cudaErrorInvalidValue;\n",
                         R, T, T, T, G, nd, sa));
  }
  wrapper(out, m, kd_xasprintf("cudaError_t kdlg_%s_free(kdlg_view_%s d)", T, T),
          kd_xasprintf("%s; kdlg_%s_regions(d, r); return kdlg_free(&kdlg_%s_layout, r, 0, 0);", R, T, T));
  wrapper(out, m, kd_xasprintf("cudaError_t kdlg_%s_free_async(kdlg_view_%s d, cudaStream_t s)", T, T),
          kd_xasprintf("%s; kdlg_%s_regions(d, r); return kdlg_free(&kdlg_%s_layout, r, 1, s);", R, T, T));
}

void kd_gen_cuda_host(FILE *out, const KdGenStruct *g) {
  const kd_layout *L = g->L;
  const char *T = g->tag;
  int order[L->nfields + 1];
  gen_description(out, g);
  // an identity layout (the AoS bytes, aligned: plan.c) takes a pointer plus an offset as the original did
  bool id = kd_layout_identity(L), compact = kd_gen_compact(g);
  // view ↔ region pointers
  fprintf(out, "inline void kdlg_%s_regions(kdlg_view_%s v, void **r) {\n", T, T);
  for (uint32_t c = 0; c < L->nclusters; c++) {
    if (id) {
      fprintf(out, "  r[0] = (void *)(v.kd_c0 + v.kd_o); /* the AoS bytes: an offset is a plain pointer */\n");
    } else if (L->clusters[c].tile != 0) {
      fprintf(out, "  r[%u] = (void *)v.kd_c%u;\n", c, c);
    } else if (compact) {
      fprintf(out, "  r[%u] = (void *)v.kd_s%u;\n", c, c);
    } else {
      cg_cluster_fields(g, c, order);  // the first field of a SoA region starts it
      fprintf(out, "  r[%u] = (void *)v.kd_f_%s;\n", c, L->fields[order[0]].name);
    }
  }
  fprintf(out, "}\ninline void kdlg_%s_bind(kdlg_view_%s *v, void *const *r, long long n) {\n", T, T);
  for (uint32_t c = 0; c < L->nclusters; c++) {
    if (L->clusters[c].tile != 0) {
      fprintf(out, "  v->kd_c%u = (kdlg_%s_c%u *)r[%u];\n", c, T, c, c);
      continue;
    }
    if (compact) {
      fprintf(out, "  v->kd_s%u = (unsigned char *)r[%u];\n", c, c);
      continue;
    }
    int n = cg_cluster_fields(g, c, order);
    for (int i = 0; i < n; i++)
      fprintf(out, "  v->kd_f_%s = (kdlg_%s_t_%s *)((unsigned char *)r[%u] + n * %uLL);\n", L->fields[order[i]].name,
              T, L->fields[order[i]].name, c, L->fields[order[i]].offset);
  }
  fputs("  v->kd_n = n;\n  v->kd_o = 0;\n}\n", out);
  // a view with an element offset is a pointer into the middle of an allocation: not supported by the copies,
  // except in an identity layout (its regions start at the offset, its element count is what is left)
  if (id)
    fprintf(out, "inline bool kdlg_%s_whole(kdlg_view_%s v) { (void)v; return true; }\n", T, T);
  else
    fprintf(out,
            "inline bool kdlg_%s_whole(kdlg_view_%s v) {\n"
            "  if (v.kd_o == 0) return true;\n"
            "  fprintf(stderr, \"kdlg: a device pointer to %s plus an offset was passed to a CUDA memory function\\n\");\n"
            "  return false;\n}\n",
            T, T, g->type);
  // the conversion the copies use: generated, or the generic kernel (NULL)
  bool conv;
  if (g->host_api == KD_GEN_HOST_EXTERN) {  // (only CUDA files instantiate it: the wrappers are defined in one)
    fputs("#ifdef __CUDACC__\n", out);
    conv = gen_conversion(out, g);
    fputs("#endif\n", out);
  } else {
    conv = gen_conversion(out, g);
  }
  assert(conv == has_conversion(g));
  (void)conv;
  gen_wrappers(out, g, g->host_api == KD_GEN_HOST_EXTERN ? WRAP_DECLARE : WRAP_INLINE);
}

void kd_gen_cuda_host_defs(FILE *out, const KdGenStruct *g) {
  assert(g->host_api == KD_GEN_HOST_EXTERN);
  fprintf(out, "\n/* kdlg-opt: %s's host wrappers, defined once for the whole program (host-compiled files call "
               "them) */\n",
          g->type);
  gen_wrappers(out, g, WRAP_DEFINE);
}

void kd_gen_opencl_host(FILE *out, const KdGenStruct *g) {
  const char *T = g->tag;
  gen_description(out, g);
  fprintf(out,
          "/* Bytes of storage region c of %s for n elements (one cl_mem buffer each). */\n"
          "static inline size_t kdlg_%s_region_bytes(unsigned c, size_t n) {\n"
          "  return (size_t)kd_layout_region_bytes(&kdlg_%s_clusters[c], n);\n}\n"
          "/* n AoS elements → the regions (host memory, kdlg_%s_region_bytes each). */\n"
          "static inline void kdlg_%s_pack(const void *aos, size_t n, void *const *regions) {\n"
          "  kd_layout_pack(&kdlg_%s_layout, aos, n, regions);\n}\n"
          "/* The regions → n AoS elements (fields only; padding bytes are left as they are). */\n"
          "static inline void kdlg_%s_unpack(void *const *regions, size_t n, void *aos) {\n"
          "  kd_layout_unpack(&kdlg_%s_layout, regions, n, aos);\n}\n",
          g->type, T, T, T, T, T, T, T);
}
