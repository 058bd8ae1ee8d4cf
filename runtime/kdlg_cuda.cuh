/* kdlg_cuda.cuh: the CUDA runtime of programs written by kdlg-opt.
 *
 * A struct whose layout kdlg-opt changed lives on the device as one storage
 * region per cluster (runtime/kdlg_layout.h describes the addresses).  Host
 * arrays stay AoS: the rewritten program calls these functions where it
 * called cudaMalloc, cudaMemcpy, cudaMemset and cudaFree on a device pointer
 * of that struct, and they convert at copy time.  Conversion runs on the GPU:
 * AoS bytes are staged in device memory (host-to-device) and a bandwidth-bound
 * kernel moves every field of every element between the AoS bytes and the
 * regions.  Two conversion paths with one contract (kdlg_convert):
 *   - generated: for every struct it rewrites, kdlg-opt emits a traits class
 *     kdlg_S_conv (below: "Generated conversion") whose per-element moves have
 *     the layout's offsets, strides and tiles as compile-time constants, and
 *     passes kdlg_gen_convert<kdlg_S_conv> to the functions here;
 *   - generic: kdlg_convert_kernel reads the layout description at run time;
 *     it runs when there is no generated conversion (a struct too large for
 *     it, or a caller that passes NULL) or when the AoS bytes are not 16-byte
 *     aligned.
 * Both stage whole elements in shared memory, so that the AoS side moves in
 * aligned units of up to 16 bytes and the layout side as per-field accesses
 * coalesced across a block's threads.
 *
 * All functions return a cudaError_t like the calls they replace.  A copy or
 * memset whose byte count is not a whole number of elements, or that is
 * larger than the allocation, returns cudaErrorInvalidValue and says so on
 * stderr (the original call would have copied a partial element).
 *
 * Header-only; kdlg-opt --inline-runtime pastes it into the output.
 */
#ifndef KDLG_CUDA_CUH
#define KDLG_CUDA_CUH

#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#include "kdlg_layout.h"

#define KDLG_MAX_CLUSTERS 64

/* A file of the program that the host compiler builds (a .cpp that calls
 * cudaMalloc / cudaMemcpy on a rewritten struct) sees only the layout
 * description above: the wrappers it calls (kdlg_S_malloc, kdlg_S_copy_in,
 * ...) are declared in the struct's header and defined once, in one CUDA
 * file of the program, by kdlg-opt (docs/rewriter.md, "Host-compiled
 * files"). */
#ifdef __CUDACC__

/* Region base pointers of one struct, passed by value to the conversion kernels. */
typedef struct kdlg_regions {
  unsigned char *r[KDLG_MAX_CLUSTERS];
} kdlg_regions;

/* The layout description in device memory (fields then clusters), uploaded
 * once per layout and cached for the life of the program. */
typedef struct kdlg_device_layout {
  unsigned aos_bytes;
  unsigned nfields, nclusters;
  kd_layout_field fields[64];      // what was uploaded (a layout object may be reused)
  kd_layout_cluster clusters[KDLG_MAX_CLUSTERS];
  kd_layout dev;  // pointers into device memory
} kdlg_device_layout;

static kdlg_device_layout kdlg_layout_cache[32];
static int kdlg_layout_ncache, kdlg_layout_next;

inline cudaError_t kdlg_upload_layout(const kd_layout *L, kd_layout *dev) {
  for (int i = 0; i < kdlg_layout_ncache; i++)
    if (kdlg_layout_cache[i].aos_bytes == L->aos_bytes && kdlg_layout_cache[i].nfields == L->nfields &&
        kdlg_layout_cache[i].nclusters == L->nclusters &&
        !memcmp(kdlg_layout_cache[i].fields, L->fields, L->nfields * sizeof(kd_layout_field)) &&
        !memcmp(kdlg_layout_cache[i].clusters, L->clusters, L->nclusters * sizeof(kd_layout_cluster))) {
      *dev = kdlg_layout_cache[i].dev;
      return cudaSuccess;
    }
  size_t fb = L->nfields * sizeof(kd_layout_field), cb = L->nclusters * sizeof(kd_layout_cluster);
  unsigned char *d = NULL;
  cudaError_t e = cudaMalloc((void **)&d, fb + cb);
  if (e != cudaSuccess)
    return e;
  if ((e = cudaMemcpy(d, L->fields, fb, cudaMemcpyHostToDevice)) != cudaSuccess ||
      (e = cudaMemcpy(d + fb, L->clusters, cb, cudaMemcpyHostToDevice)) != cudaSuccess)
    return e;
  *dev = *L;
  dev->fields = (const kd_layout_field *)d;
  dev->clusters = (const kd_layout_cluster *)(d + fb);
  if (L->nfields <= 64 && L->nclusters <= KDLG_MAX_CLUSTERS) {
    // keep it; when all 32 places are taken, replace them in turn
    kdlg_device_layout *c;
    if (kdlg_layout_ncache < 32) {
      c = &kdlg_layout_cache[kdlg_layout_ncache++];
    } else {
      c = &kdlg_layout_cache[kdlg_layout_next];
      kdlg_layout_next = (kdlg_layout_next + 1) % 32;
      if ((e = cudaFree((void *)c->dev.fields)) != cudaSuccess)
        return e;
    }
    c->aos_bytes = L->aos_bytes;
    c->nfields = L->nfields;
    c->nclusters = L->nclusters;
    memcpy(c->fields, L->fields, L->nfields * sizeof(kd_layout_field));
    memcpy(c->clusters, L->clusters, L->nclusters * sizeof(kd_layout_cluster));
    c->dev = *dev;
  }
  return cudaSuccess;
}

/* Copies `bytes` bytes (a multiple of `unit`, both aligned to it). */
__device__ __forceinline__ void kdlg_copy_units(unsigned char *dst, const unsigned char *src, unsigned bytes,
                                                       unsigned unit) {
  switch (unit) {
  case 16:
    for (unsigned k = 0; k < bytes; k += 16)
      *(uint4 *)(dst + k) = *(const uint4 *)(src + k);
    break;
  case 8:
    for (unsigned k = 0; k < bytes; k += 8)
      *(uint2 *)(dst + k) = *(const uint2 *)(src + k);
    break;
  case 4:
    for (unsigned k = 0; k < bytes; k += 4)
      *(unsigned *)(dst + k) = *(const unsigned *)(src + k);
    break;
  case 2:
    for (unsigned k = 0; k < bytes; k += 2)
      *(unsigned short *)(dst + k) = *(const unsigned short *)(src + k);
    break;
  default:
    for (unsigned k = 0; k < bytes; k++)
      dst[k] = src[k];
  }
}

/* Largest power of two ≤ 16 dividing every value: the unit in which field f
 * can be copied between an AoS element and its place in the layout. */
__device__ __forceinline__ unsigned kdlg_unit(const kd_layout *L, const kd_layout_field *F) {
  unsigned x = F->bytes | F->aos_offset | L->aos_bytes | F->align | 16u;
  return x & (~x + 1u);
}

/* Cooperative copy of `bytes` bytes between global and shared memory in
 * units of `unit` bytes (both addresses and bytes are multiples of it). */
__device__ __forceinline__ void kdlg_copy_block(unsigned char *dst, const unsigned char *src, unsigned bytes,
                                                unsigned unit) {
  switch (unit) {
  case 16:
    for (unsigned k = threadIdx.x * 16; k < bytes; k += blockDim.x * 16)
      *(uint4 *)(dst + k) = *(const uint4 *)(src + k);
    break;
  case 8:
    for (unsigned k = threadIdx.x * 8; k < bytes; k += blockDim.x * 8)
      *(uint2 *)(dst + k) = *(const uint2 *)(src + k);
    break;
  case 4:
    for (unsigned k = threadIdx.x * 4; k < bytes; k += blockDim.x * 4)
      *(unsigned *)(dst + k) = *(const unsigned *)(src + k);
    break;
  default:
    for (unsigned k = threadIdx.x; k < bytes; k += blockDim.x)
      dst[k] = src[k];
  }
}

/* m AoS elements at `aos`, elements first … first + m - 1 of the array, <->
 * the regions (n elements).  to_layout: AoS -> layout, else layout -> AoS.
 * Each block stages `chunk` whole elements in shared memory, so the AoS side
 * moves as one contiguous, vectorised block
 * copy (unit `aos_unit`) and the layout side as per-field accesses that are
 * coalesced across the block's threads (one element per thread).  `zero`:
 * the struct has padding, which reads as zero in the AoS result. */
static __global__ void kdlg_convert_kernel(kd_layout L, unsigned char *aos, long long first, long long m, long long n,
                                    kdlg_regions R, bool to_layout, unsigned chunk, unsigned aos_unit, bool zero) {
  extern __shared__ uint4 kdlg_shared[];
  unsigned char *sh = (unsigned char *)kdlg_shared;
  for (long long base = (long long)blockIdx.x * chunk; base < m; base += (long long)gridDim.x * chunk) {
    unsigned cnt = (unsigned)(m - base < (long long)chunk ? m - base : (long long)chunk);
    unsigned bytes = cnt * L.aos_bytes;
    unsigned char *g = aos + (unsigned long long)base * L.aos_bytes;
    if (to_layout) {
      kdlg_copy_block(sh, g, bytes, aos_unit);
      __syncthreads();
    } else if (zero) {
      for (unsigned k = threadIdx.x; k < bytes; k += blockDim.x)
        sh[k] = 0;
      __syncthreads();
    }
    for (unsigned e = threadIdx.x; e < cnt; e += blockDim.x) {
      for (unsigned f = 0; f < L.nfields; f++) {
        const kd_layout_field *F = &L.fields[f];
        unsigned char *a = sh + e * L.aos_bytes + F->aos_offset;
        unsigned char *r = R.r[F->cluster] + kd_layout_address(&L, f, (uint64_t)(first + base + e), (uint64_t)n);
        unsigned unit = kdlg_unit(&L, F);
        if (to_layout)
          kdlg_copy_units(r, a, F->bytes, unit);
        else
          kdlg_copy_units(a, r, F->bytes, unit);
      }
    }
    __syncthreads();
    if (!to_layout) {
      kdlg_copy_block(g, sh, bytes, aos_unit);
      __syncthreads();
    }
  }
}

/* ---- Generated conversion ----
 *
 * For a rewritten struct S kdlg-opt (transform/codegen.c) writes a traits class
 *
 *   struct kdlg_S_conv {
 *     typedef kdlg_view_S view;
 *     enum { aos_bytes = sizeof(S), threads = NT, per_thread = E,
 *            stage_bytes = P, stage_zero = Z,           // shared bytes, 0: not staged; Z: zero the stage once
 *            stage_in_bytes = U };
 *     static __device__ view stage_view(view v, unsigned char *st, long long base);     // packing
 *     static __device__ void stage_out(view v, const unsigned char *st, long long base);
 *     static __device__ view stage_in(view v, unsigned char *st, long long base);       // unpacking
 *     static void bind(view *v, void *const *regions, long long n);   // host: kdlg_S_bind
 *     static __device__ void pack(view v, kdlg_index i, const unsigned char *a);
 *     static __device__ void unpack(view v, kdlg_index i, unsigned char *a);
 *     static __device__ void pack_staged(view v, kdlg_index i, const unsigned char *a);  // stage_view's view
 *   };
 *
 * pack_staged is pack but for clusters whose tiles are larger than the step
 * (a multiple of it), which the stage holds as a tile of NT·E lanes.
 *
 * pack moves every field of element i from its AoS bytes `a` to its place in
 * the layout, unpack the other way and writes the struct's padding bytes of
 * `a` as zero.  Both take the layout-side address from the accessors
 * kdlg_S_f_<f> (offsets, strides and tiles are constants there), the AoS side
 * at constant offsets, and move a field in the unit kdlg_unit would choose.
 * kdlg_gen_convert<kdlg_S_conv> is then S's conversion: blocks of NT threads
 * stage NT·E whole elements (at most 48 KiB) per step, E per thread, the
 * thread's elements NT apart so that consecutive threads touch consecutive
 * elements. */

/* A conversion with kdlg_convert_range's contract (minus the layout argument)
 * for an `aos` that is 16-byte aligned. */
typedef cudaError_t (*kdlg_convert_fn)(void *aos, long long first, long long m, long long n, void *const *regions,
                                       bool to_layout, cudaStream_t s);

/* Moves N units of type U from s to d (both aligned to sizeof(U)). */
template <typename U, int N>
__device__ __forceinline__ void kdlg_move(unsigned char *d, const unsigned char *s) {
#pragma unroll
  for (int k = 0; k < N; k++)
    ((U *)d)[k] = ((const U *)s)[k];
}

/* Writes one zero unit of type U at d. */
template <typename U>
__device__ __forceinline__ void kdlg_zero(unsigned char *d) {
  *(U *)d = U();
}

/* Copies `bytes` bytes between global and shared memory, both addresses
 * 16-byte aligned, by the NT threads of a block: 16-byte units, then the tail
 * byte by byte.  A whole step (bytes == FULL, a multiple of 16) is unrolled
 * with all of a thread's loads ahead of its stores. */
template <int NT, int FULL>
__device__ __forceinline__ void kdlg_gen_copy(unsigned char *dst, const unsigned char *src, unsigned bytes) {
  static_assert(FULL % 16 == 0, "a whole step is a multiple of 16 bytes");
  if (bytes == FULL) {
    const unsigned n16 = FULL / 16, per = (n16 + NT - 1) / NT;
    uint4 v[per];
#pragma unroll
    for (unsigned j = 0; j < per; j++) {
      unsigned k = threadIdx.x + j * NT;
      v[j] = k < n16 ? ((const uint4 *)src)[k] : make_uint4(0, 0, 0, 0);
    }
#pragma unroll
    for (unsigned j = 0; j < per; j++) {
      unsigned k = threadIdx.x + j * NT;
      if (k < n16)
        ((uint4 *)dst)[k] = v[j];
    }
    return;
  }
  unsigned n16 = bytes / 16;
  for (unsigned k = threadIdx.x; k < n16; k += NT)
    ((uint4 *)dst)[k] = ((const uint4 *)src)[k];
  for (unsigned k = n16 * 16 + threadIdx.x; k < bytes; k += NT)
    dst[k] = src[k];
}

/* Moves `bytes` bytes from src to dst, one side in shared memory (16-byte
 * aligned), the other, `global`, in global memory, by the NT threads of a
 * block, in the widest unit (16, 8, 4, 2 or 1 bytes) that the global address
 * and bytes allow: consecutive threads, consecutive units, so every warp
 * access is one contiguous run. */
template <typename U, int NT>
__device__ __forceinline__ void kdlg_gen_units(unsigned char *dst, const unsigned char *src, unsigned bytes) {
  for (unsigned k = threadIdx.x; k < bytes / sizeof(U); k += NT)
    ((U *)dst)[k] = ((const U *)src)[k];
}
template <int NT>
__device__ __forceinline__ void kdlg_gen_run(unsigned char *dst, const unsigned char *src, unsigned bytes,
                                             const void *global) {
  unsigned al = (unsigned)((uintptr_t)global | bytes) & 15u;
  if (al == 0)
    kdlg_gen_units<uint4, NT>(dst, src, bytes);
  else if ((al & 7u) == 0)
    kdlg_gen_units<uint2, NT>(dst, src, bytes);
  else if ((al & 3u) == 0)
    kdlg_gen_units<unsigned, NT>(dst, src, bytes);
  else if ((al & 1u) == 0)
    kdlg_gen_units<unsigned short, NT>(dst, src, bytes);
  else
    kdlg_gen_units<unsigned char, NT>(dst, src, bytes);
}

/* Stores a staged run from shared memory (src) to global memory (dst). */
template <int NT>
__device__ __forceinline__ void kdlg_gen_store(unsigned char *dst, const unsigned char *src, unsigned bytes) {
  kdlg_gen_run<NT>(dst, src, bytes, dst);
}


/* Loads K runs, of bytes[i] <= MOST bytes each, from global memory at any
 * addresses src[0..K-1] into shared memory, by the NT threads of a block
 * (C::stage_in: one call for every region or field it stages): run i goes
 * to dst[i] + src[i] % 16 (dst[i] 16-byte aligned, with 16 bytes of room
 * beyond the run), and dst[i] is set to where it begins; but a run i whose
 * bit is set in FIXED goes to dst[i] itself (the caller addresses it at a
 * constant offset: a tiled region whose tiles are a multiple of 16 bytes,
 * 16-byte aligned in a region from kdlg_malloc; were it not, it would be
 * loaded byte by byte; only runs 0-31 can have the bit).  codegen stages
 * at most 8 SoA fields, so that the K·PER 16-byte registers a thread holds
 * stay few (24 1-byte fields at once took 254 registers).  Each run's
 * 16-byte-aligned middle moves in 16-byte units, so that a run at an odd
 * address (the second and third 1-byte field arrays of a SoA region of n
 * elements start at n and 2n bytes) loads as fast as an aligned one, and
 * all of a thread's loads come before its stores (a load after a store to
 * shared memory would wait for the load before it: a run at a time took
 * three memory latencies per step).  The few bytes around each middle move
 * one by one.  Reads only the runs' bytes. */
template <int NT, unsigned MOST, int K, unsigned FIXED>
__device__ __forceinline__ void kdlg_gen_load_runs(const unsigned char *const *src, const unsigned *bytes,
                                                   unsigned char **dst) {
  const unsigned PER = (MOST / 16 + NT - 1) / NT;
  unsigned head[K], n16[K];
  uint4 v[K][PER ? PER : 1];
#pragma unroll
  for (int i = 0; i < K; i++) {
    unsigned mis = (unsigned)((uintptr_t)src[i] & 15u);
    if (i < 32 && (FIXED >> (i & 31) & 1u)) {  // placed at dst[i]: 16-byte units only from an aligned address
      head[i] = mis == 0 ? 0u : bytes[i];
    } else {
      dst[i] += mis;
      head[i] = mis == 0 ? 0u : 16u - mis < bytes[i] ? 16u - mis : bytes[i];
    }
    n16[i] = (bytes[i] - head[i]) / 16;
#pragma unroll
    for (unsigned j = 0; j < PER; j++) {
      unsigned k = threadIdx.x + j * NT;
      if (k < n16[i])
        v[i][j] = ((const uint4 *)(src[i] + head[i]))[k];
    }
  }
#pragma unroll
  for (int i = 0; i < K; i++) {
#pragma unroll
    for (unsigned j = 0; j < PER; j++) {
      unsigned k = threadIdx.x + j * NT;
      if (k < n16[i])
        ((uint4 *)(dst[i] + head[i]))[k] = v[i][j];
    }
    unsigned tail = head[i] + n16[i] * 16;
    for (unsigned k = threadIdx.x; k < head[i] + (bytes[i] - tail); k += NT) {
      unsigned at = k < head[i] ? k : tail + (k - head[i]);
      dst[i][at] = src[i][at];
    }
  }
}

/* Moves the cnt elements of one staged chunk starting at element base between
 * the regions (v) and shared memory (sh, AoS bytes): C::pack if Pack, else
 * C::unpack.  A full chunk (cnt == threads · per_thread) runs unrolled. */
template <class C, bool Pack, bool Staged = false>
__device__ __forceinline__ void kdlg_gen_elements(typename C::view &v, long long base, unsigned cnt,
                                                  unsigned char *sh) {
  const unsigned A = C::aos_bytes, CH = (unsigned)C::threads * C::per_thread;
  if (cnt == CH) {
#pragma unroll
    for (unsigned k = 0; k < (unsigned)C::per_thread; k++) {
      unsigned e = threadIdx.x + k * C::threads;
      if (Pack && Staged)
        C::pack_staged(v, base + e, sh + e * A);
      else if (Pack)
        C::pack(v, base + e, sh + e * A);
      else
        C::unpack(v, base + e, sh + e * A);
    }
  } else {
    for (unsigned e = threadIdx.x; e < cnt; e += C::threads)
      if (Pack && Staged)
        C::pack_staged(v, base + e, sh + e * A);
      else if (Pack)
        C::pack(v, base + e, sh + e * A);
      else
        C::unpack(v, base + e, sh + e * A);
  }
}

/* AoS -> layout for elements first … first + m - 1, whose AoS bytes start at
 * `aos` (C: a kdlg_S_conv; v: the regions).  Whole: first is 0, a constant
 * here, so the code is that of a loop from element 0 (a run-time first costs
 * registers, and 8 more than 32 cost a quarter of the threads an SM holds).
 * With C::stage_bytes and Whole, a full step is packed into shared memory in
 * the layout's order (C::stage_view) and stored region by region in wide
 * units (C::stage_out); with C::stage_zero (regions with padding: an AoS
 * stride or tile bytes rounded up) the stage is zeroed once, and packing
 * writes only field bytes, so that padding is stored as zero.  A partial
 * step, which must leave the rest of its tiles alone, and every step of a
 * range from another first (a piece of a host copy, whose conversion hides
 * behind the PCIe transfer), is packed straight into the regions. */
template <class C, bool Whole>
__global__ void __launch_bounds__(C::threads)
    kdlg_gen_pack_kernel(const unsigned char *__restrict__ aos, long long first, long long m, typename C::view v) {
  const unsigned A = C::aos_bytes, CH = (unsigned)C::threads * C::per_thread;
  __shared__ uint4 staged[(CH * A + 15) / 16];
  __shared__ uint4 regions[C::stage_bytes ? C::stage_bytes / 16 : 1];
  unsigned char *sh = (unsigned char *)staged;
  v.kd_o = 0;  // bind made it 0; saying so lets the compiler fold it into the accessors
  // steps over elements at = F … end - 1, element at's AoS bytes at a0 + at · A
  const long long F = Whole ? 0 : first, end = F + m;
  const unsigned char *a0 = (const unsigned char *)((uintptr_t)aos - (uintptr_t)F * A);
  if (C::stage_zero && Whole)  // the stage's padding: packing writes only fields (synced below before use)
    for (unsigned k = threadIdx.x; k < (unsigned)(sizeof regions / sizeof regions[0]); k += C::threads)
      regions[k] = make_uint4(0, 0, 0, 0);
  for (long long at = F + (long long)blockIdx.x * CH; at < end; at += (long long)gridDim.x * CH) {
    unsigned cnt = end - at < (long long)CH ? (unsigned)(end - at) : CH;
    kdlg_gen_copy<C::threads, CH * A>(sh, a0 + at * A, cnt * A);
    __syncthreads();
    if (C::stage_bytes && Whole && cnt == CH) {
      typename C::view sv = C::stage_view(v, (unsigned char *)regions, at);
      kdlg_gen_elements<C, true, true>(sv, at, cnt, sh);
      __syncthreads();
      C::stage_out(v, (const unsigned char *)regions, at);
    } else {
      kdlg_gen_elements<C, true>(v, at, cnt, sh);
    }
    __syncthreads();
  }
}

/* Layout -> AoS for elements first … first + m - 1, to AoS bytes starting at
 * `aos`; every AoS byte is written (padding as zero).  Whole as for packing.
 * With C::stage_in_bytes and Whole, C::stage_in first loads a full step's
 * part of some regions into shared memory in wide units and returns the view
 * to unpack it from; a partial step, and every step from another first, is
 * unpacked straight from the regions. */
template <class C, bool Whole>
__global__ void __launch_bounds__(C::threads)
    kdlg_gen_unpack_kernel(unsigned char *__restrict__ aos, long long first, long long m, typename C::view v) {
  const unsigned A = C::aos_bytes, CH = (unsigned)C::threads * C::per_thread;
  __shared__ uint4 staged[(CH * A + 15) / 16];
  __shared__ uint4 regions[C::stage_in_bytes ? C::stage_in_bytes / 16 : 1];
  unsigned char *sh = (unsigned char *)staged;
  v.kd_o = 0;
  const long long F = Whole ? 0 : first, end = F + m;
  unsigned char *a0 = (unsigned char *)((uintptr_t)aos - (uintptr_t)F * A);  // as for packing
  for (long long at = F + (long long)blockIdx.x * CH; at < end; at += (long long)gridDim.x * CH) {
    unsigned cnt = end - at < (long long)CH ? (unsigned)(end - at) : CH;
    if (C::stage_in_bytes && Whole && cnt == CH) {
      typename C::view sv = C::stage_in(v, (unsigned char *)regions, at);
      __syncthreads();
      kdlg_gen_elements<C, false>(sv, at, cnt, sh);
    } else {
      kdlg_gen_elements<C, false>(v, at, cnt, sh);
    }
    __syncthreads();
    kdlg_gen_copy<C::threads, CH * A>(a0 + at * A, sh, cnt * A);
    __syncthreads();
  }
}

/* The generated conversion of the struct behind C: kdlg_convert_range's
 * contract for a 16-byte-aligned `aos` (kdlg_convert_range checks that before
 * calling it). */
template <class C>
inline cudaError_t kdlg_gen_convert(void *aos, long long first, long long m, long long n, void *const *regions,
                                    bool to_layout, cudaStream_t s) {
  if (m <= 0)
    return cudaSuccess;
  typename C::view v;
  C::bind(&v, regions, n);
  const long long CH = C::threads * C::per_thread;
  long long blocks = (m + CH - 1) / CH;
  if (blocks > 65535)
    blocks = 65535;
  const unsigned char *in = (const unsigned char *)aos;
  if (first == 0 && to_layout)
    kdlg_gen_pack_kernel<C, true><<<(unsigned)blocks, C::threads, 0, s>>>(in, first, m, v);
  else if (to_layout)
    kdlg_gen_pack_kernel<C, false><<<(unsigned)blocks, C::threads, 0, s>>>(in, first, m, v);
  else if (first == 0)
    kdlg_gen_unpack_kernel<C, true><<<(unsigned)blocks, C::threads, 0, s>>>((unsigned char *)aos, first, m, v);
  else
    kdlg_gen_unpack_kernel<C, false><<<(unsigned)blocks, C::threads, 0, s>>>((unsigned char *)aos, first, m, v);
  return cudaGetLastError();
}

/* Converts elements first … first + m - 1 of an n-element array in layout L
 * (its regions) from or to AoS bytes at `aos` (device memory, element
 * `first`'s bytes first); to_layout: AoS -> regions.  The AoS side's padding
 * bytes are written as zero; nothing outside those m elements is touched (but
 * padding inside their tiles or AoS strides, which the generated conversion
 * may store as zero), so a conversion may be cut into ranges at any element.  gen: the struct's
 * generated conversion (kdlg_gen_convert<kdlg_S_conv>), used when `aos` is
 * 16-byte aligned, or NULL: the generic kernel.  Asynchronous on stream s. */
inline cudaError_t kdlg_convert_range(const kd_layout *L, kdlg_convert_fn gen, void *aos, long long first, long long m,
                                      long long n, void *const *regions, bool to_layout, cudaStream_t s) {
  if (m <= 0)
    return cudaSuccess;
  if (gen && ((uintptr_t)aos & 15u) == 0)
    return gen(aos, first, m, n, regions, to_layout, s);
  kd_layout dev;
  cudaError_t e = kdlg_upload_layout(L, &dev);
  if (e != cudaSuccess)
    return e;
  kdlg_regions R;
  for (unsigned c = 0; c < L->nclusters && c < KDLG_MAX_CLUSTERS; c++)
    R.r[c] = (unsigned char *)regions[c];
  // elements staged per block: up to 256, at most 24 KiB of shared memory (at least one element)
  unsigned chunk = 24576u / L->aos_bytes;
  if (chunk > 256)
    chunk = 256;
  if (chunk == 0)
    chunk = 1;
  size_t shared = (size_t)chunk * L->aos_bytes;
  if (shared > 48 * 1024 &&
      (e = cudaFuncSetAttribute(kdlg_convert_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared)) !=
          cudaSuccess)
    return e;
  unsigned x = L->aos_bytes | (unsigned)((uintptr_t)aos & 15u) | 16u;
  unsigned aos_unit = x & (~x + 1u);
  uint64_t field_bytes = 0;
  for (unsigned f = 0; f < L->nfields; f++)
    field_bytes += L->fields[f].bytes;
  bool zero = field_bytes < L->aos_bytes;
  long long blocks = (m + chunk - 1) / chunk;
  if (blocks > 65535)
    blocks = 65535;
  kdlg_convert_kernel<<<(unsigned)blocks, 256, shared, s>>>(dev, (unsigned char *)aos, first, m, n, R, to_layout,
                                                             chunk, aos_unit, zero);
  return cudaGetLastError();
}

/* The first m elements: kdlg_convert_range from element 0. */
inline cudaError_t kdlg_convert(const kd_layout *L, kdlg_convert_fn gen, void *aos, long long m, long long n,
                                void *const *regions, bool to_layout, cudaStream_t s) {
  return kdlg_convert_range(L, gen, aos, 0, m, n, regions, to_layout, s);
}

inline cudaError_t kdlg_bad_size(const kd_layout *L, const char *what, size_t bytes, long long n) {
  fprintf(stderr, "kdlg: %s of %zu bytes is not a whole number of %u-byte elements within the %lld allocated\n",
          what, bytes, (unsigned)L->aos_bytes, n);
  return cudaErrorInvalidValue;
}

/* Elements in `bytes`, or -1 if it is not a whole number ≤ n. */
inline long long kdlg_elements(const kd_layout *L, size_t bytes, long long n) {
  if (bytes % L->aos_bytes != 0 || (long long)(bytes / L->aos_bytes) > n)
    return -1;
  return (long long)(bytes / L->aos_bytes);
}

/* Allocates the regions for ceil(bytes / sizeof(struct)) elements.
 * managed: cudaMallocManaged with `flags`; stream: cudaMallocAsync on *stream. */
inline cudaError_t kdlg_malloc(const kd_layout *L, size_t bytes, void **regions, long long *n, int how,
                                      unsigned flags, cudaStream_t s) {
  *n = (long long)((bytes + L->aos_bytes - 1) / L->aos_bytes);
  for (unsigned c = 0; c < L->nclusters; c++) {
    size_t rb = (size_t)kd_layout_region_bytes(&L->clusters[c], (uint64_t)*n);
    cudaError_t e = how == 1   ? cudaMallocManaged(&regions[c], rb ? rb : 1, flags)
                    : how == 2 ? cudaMallocAsync(&regions[c], rb ? rb : 1, s)
                               : cudaMalloc(&regions[c], rb ? rb : 1);
    if (e != cudaSuccess)
      return e;
  }
  return cudaSuccess;
}

inline cudaError_t kdlg_free(const kd_layout *L, void *const *regions, int async, cudaStream_t s) {
  cudaError_t first = cudaSuccess;
  for (unsigned c = 0; c < L->nclusters; c++) {
    cudaError_t e = async ? cudaFreeAsync(regions[c], s) : cudaFree(regions[c]);
    if (first == cudaSuccess)
      first = e;
  }
  return first;
}

/* Whether p is device (or managed) memory, for cudaMemcpyDefault. */
inline bool kdlg_is_device(const void *p) {
  cudaPointerAttributes a;
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return a.type == cudaMemoryTypeDevice || a.type == cudaMemoryTypeManaged;
}

/* ---- Host <-> device copies in pieces ----
 *
 * A copy between host memory and a struct array in a new layout is a PCIe
 * transfer of AoS bytes into (or out of) device staging memory plus a
 * conversion.  Done whole, the conversion adds to the transfer and the
 * staging buffer is as large as the array.  A copy of more than one piece of
 * about kdlg_copy_piece_bytes (KDLG_COPY_PIECE_BYTES, 32 MiB) is cut into
 * pieces and pipelined instead: while one piece crosses PCIe on a copy
 * stream, the piece before it is converted on a conversion stream, through
 * three staging buffers of one piece each.  Both streams start after the work
 * already queued on the caller's stream s and s waits for both at the end,
 * so the copy keeps the place in s's order that the replaced call had.  The
 * conversion (TB/s, even unstaged: the kernels stage only whole arrays) is
 * then hidden behind the transfer (tens of GB/s) except for one piece.  A
 * synchronous copy returns when it is complete, as cudaMemcpy does.
 * kdlg_copy_piece_bytes may be changed at run time (tests use tiny pieces). */
#ifndef KDLG_COPY_PIECE_BYTES
#define KDLG_COPY_PIECE_BYTES (32u << 20)
#endif
static size_t kdlg_copy_piece_bytes = KDLG_COPY_PIECE_BYTES;

/* Elements per piece for L: kdlg_copy_piece_bytes' worth, at least one. */
inline long long kdlg_piece_elements(const kd_layout *L) {
  size_t q = kdlg_copy_piece_bytes / L->aos_bytes;
  return q < 1 ? 1 : q > ((size_t)1 << 62) ? (long long)1 << 62 : (long long)q;
}

/* Elements 0 … m - 1 between host AoS bytes at `host` and the regions, in
 * pieces of `piece` elements (above); in: host -> regions.  async: ordered on
 * stream s like cudaMemcpyAsync; else the call returns when the copy is
 * complete, like cudaMemcpy. */
inline cudaError_t kdlg_copy_pieces(const kd_layout *L, kdlg_convert_fn gen, void *const *regions, long long n,
                                    unsigned char *host, long long m, long long piece, bool in, int async,
                                    cudaStream_t s) {
  const size_t A = L->aos_bytes, pb = ((size_t)piece * A + 255) & ~(size_t)255;  // buffers 256-byte aligned
  const long long pieces = (m + piece - 1) / piece;
  const int nbuf = pieces < 3 ? (int)pieces : 3;
  cudaStream_t cs = NULL, ks = NULL;  // PCIe copies; conversions
  cudaEvent_t start = NULL, end[2] = {NULL, NULL}, copied[3] = {NULL, NULL, NULL},
              converted[3] = {NULL, NULL, NULL};
  unsigned char *buf = NULL;
  cudaError_t e = async ? cudaMallocAsync((void **)&buf, nbuf * pb, s) : cudaMalloc((void **)&buf, nbuf * pb);
  if (e != cudaSuccess)
    return e;
  const unsigned ef = cudaEventDisableTiming;
  if ((e = cudaStreamCreateWithFlags(&cs, cudaStreamNonBlocking)) != cudaSuccess ||
      (e = cudaStreamCreateWithFlags(&ks, cudaStreamNonBlocking)) != cudaSuccess ||
      (e = cudaEventCreateWithFlags(&start, ef)) != cudaSuccess ||
      (e = cudaEventCreateWithFlags(&end[0], ef)) != cudaSuccess ||
      (e = cudaEventCreateWithFlags(&end[1], ef)) != cudaSuccess)
    goto done;
  for (int b = 0; b < nbuf; b++)
    if ((e = cudaEventCreateWithFlags(&copied[b], ef)) != cudaSuccess ||
        (e = cudaEventCreateWithFlags(&converted[b], ef)) != cudaSuccess)
      goto done;
  if ((e = cudaEventRecord(start, s)) != cudaSuccess || (e = cudaStreamWaitEvent(cs, start, 0)) != cudaSuccess ||
      (e = cudaStreamWaitEvent(ks, start, 0)) != cudaSuccess)
    goto done;
  for (long long k = 0; k < pieces && e == cudaSuccess; k++) {
    int b = (int)(k % nbuf);
    long long first = k * piece, cnt = m - first < piece ? m - first : piece;
    unsigned char *stage = buf + b * pb, *h = host + (size_t)first * A;
    size_t bytes = (size_t)cnt * A;
    if (in) {  // buffer b is free once its previous piece is converted
      if ((k < nbuf || (e = cudaStreamWaitEvent(cs, converted[b], 0)) == cudaSuccess) &&
          (e = cudaMemcpyAsync(stage, h, bytes, cudaMemcpyHostToDevice, cs)) == cudaSuccess &&
          (e = cudaEventRecord(copied[b], cs)) == cudaSuccess &&
          (e = cudaStreamWaitEvent(ks, copied[b], 0)) == cudaSuccess &&
          (e = kdlg_convert_range(L, gen, stage, first, cnt, n, regions, true, ks)) == cudaSuccess)
        e = cudaEventRecord(converted[b], ks);
    } else {  // buffer b is free once its previous piece reached the host
      if ((k < nbuf || (e = cudaStreamWaitEvent(ks, copied[b], 0)) == cudaSuccess) &&
          (e = kdlg_convert_range(L, gen, stage, first, cnt, n, regions, false, ks)) == cudaSuccess &&
          (e = cudaEventRecord(converted[b], ks)) == cudaSuccess &&
          (e = cudaStreamWaitEvent(cs, converted[b], 0)) == cudaSuccess &&
          (e = cudaMemcpyAsync(h, stage, bytes, cudaMemcpyDeviceToHost, cs)) == cudaSuccess)
        e = cudaEventRecord(copied[b], cs);
    }
  }
done:
  // s waits for whatever was queued, also after an error, so that buf is freed after its last use
  {
    cudaError_t w = cudaSuccess;
    if (cs && end[0] && (w = cudaEventRecord(end[0], cs)) == cudaSuccess)
      w = cudaStreamWaitEvent(s, end[0], 0);
    if (w == cudaSuccess && ks && end[1] && (w = cudaEventRecord(end[1], ks)) == cudaSuccess)
      w = cudaStreamWaitEvent(s, end[1], 0);
    if (w != cudaSuccess && e == cudaSuccess)
      e = w;
    if (w != cudaSuccess || !async) {  // nothing to order the free after, or a synchronous copy: wait here
      cudaError_t y = w != cudaSuccess ? cudaDeviceSynchronize() : cudaStreamSynchronize(s);
      if (e == cudaSuccess)
        e = y;
    }
  }
  cudaError_t f = async ? cudaFreeAsync(buf, s) : cudaFree(buf);
  if (e == cudaSuccess)
    e = f;
  for (int b = 0; b < 3; b++) {
    if (copied[b])
      cudaEventDestroy(copied[b]);
    if (converted[b])
      cudaEventDestroy(converted[b]);
  }
  if (start)
    cudaEventDestroy(start);
  for (int i = 0; i < 2; i++)
    if (end[i])
      cudaEventDestroy(end[i]);
  if (cs)
    cudaStreamDestroy(cs);
  if (ks)
    cudaStreamDestroy(ks);
  return e;
}

/* AoS bytes at src (host or device, per kind) → the first bytes/sizeof elements of the regions. */
inline cudaError_t kdlg_copy_in(const kd_layout *L, kdlg_convert_fn gen, void *const *regions, long long n,
                                const void *src, size_t bytes, cudaMemcpyKind kind, int async, cudaStream_t s) {
  long long m = kdlg_elements(L, bytes, n);
  if (m < 0)
    return kdlg_bad_size(L, "copy to a device array", bytes, n);
  if (m == 0)
    return cudaSuccess;
  if (kd_layout_identity(L))  // the layout's bytes are the AoS bytes
    return async ? cudaMemcpyAsync(regions[0], src, bytes, kind, s) : cudaMemcpy(regions[0], src, bytes, kind);
  bool from_device = kind == cudaMemcpyDeviceToDevice || (kind == cudaMemcpyDefault && kdlg_is_device(src));
  if (from_device)
    return kdlg_convert(L, gen, (void *)src, m, n, regions, true, s);
  long long piece = kdlg_piece_elements(L);
  if (m > piece)
    return kdlg_copy_pieces(L, gen, regions, n, (unsigned char *)src, m, piece, true, async, s);
  void *stage = NULL;
  cudaError_t e = async ? cudaMallocAsync(&stage, bytes, s) : cudaMalloc(&stage, bytes);
  if (e != cudaSuccess)
    return e;
  e = async ? cudaMemcpyAsync(stage, src, bytes, cudaMemcpyHostToDevice, s)
            : cudaMemcpy(stage, src, bytes, cudaMemcpyHostToDevice);
  if (e == cudaSuccess)
    e = kdlg_convert(L, gen, stage, m, n, regions, true, s);
  cudaError_t f = async ? cudaFreeAsync(stage, s) : cudaFree(stage);
  return e != cudaSuccess ? e : f;
}

/* The first bytes/sizeof elements of the regions → AoS bytes at dst (host or device, per kind). */
inline cudaError_t kdlg_copy_out(const kd_layout *L, kdlg_convert_fn gen, void *dst, void *const *regions,
                                 long long n, size_t bytes, cudaMemcpyKind kind, int async, cudaStream_t s) {
  long long m = kdlg_elements(L, bytes, n);
  if (m < 0)
    return kdlg_bad_size(L, "copy from a device array", bytes, n);
  if (m == 0)
    return cudaSuccess;
  if (kd_layout_identity(L))
    return async ? cudaMemcpyAsync(dst, regions[0], bytes, kind, s) : cudaMemcpy(dst, regions[0], bytes, kind);
  bool to_device = kind == cudaMemcpyDeviceToDevice || (kind == cudaMemcpyDefault && kdlg_is_device(dst));
  if (to_device)
    return kdlg_convert(L, gen, dst, m, n, regions, false, s);
  long long piece = kdlg_piece_elements(L);
  if (m > piece)
    return kdlg_copy_pieces(L, gen, regions, n, (unsigned char *)dst, m, piece, false, async, s);
  void *stage = NULL;
  cudaError_t e = async ? cudaMallocAsync(&stage, bytes, s) : cudaMalloc(&stage, bytes);
  if (e != cudaSuccess)
    return e;
  e = kdlg_convert(L, gen, stage, m, n, regions, false, s);
  if (e == cudaSuccess)
    e = async ? cudaMemcpyAsync(dst, stage, bytes, cudaMemcpyDeviceToHost, s)
              : cudaMemcpy(dst, stage, bytes, cudaMemcpyDeviceToHost);
  cudaError_t f = async ? cudaFreeAsync(stage, s) : cudaFree(stage);
  return e != cudaSuccess ? e : f;
}

/* Region to region, both in layout L (through an AoS staging buffer). */
inline cudaError_t kdlg_copy_between(const kd_layout *L, kdlg_convert_fn gen, void *const *dst, long long dn,
                                     void *const *src, long long sn, size_t bytes, int async, cudaStream_t s) {
  long long m = kdlg_elements(L, bytes, dn < sn ? dn : sn);
  if (m < 0)
    return kdlg_bad_size(L, "device-to-device copy", bytes, dn < sn ? dn : sn);
  if (m == 0)
    return cudaSuccess;
  if (kd_layout_identity(L))
    return async ? cudaMemcpyAsync(dst[0], src[0], bytes, cudaMemcpyDeviceToDevice, s)
                 : cudaMemcpy(dst[0], src[0], bytes, cudaMemcpyDeviceToDevice);
  void *stage = NULL;
  cudaError_t e = async ? cudaMallocAsync(&stage, bytes, s) : cudaMalloc(&stage, bytes);
  if (e != cudaSuccess)
    return e;
  e = kdlg_convert(L, gen, stage, m, sn, src, false, s);
  if (e == cudaSuccess)
    e = kdlg_convert(L, gen, stage, m, dn, dst, true, s);
  cudaError_t f = async ? cudaFreeAsync(stage, s) : cudaFree(stage);
  return e != cudaSuccess ? e : f;
}

/* cudaMemset of the first bytes/sizeof elements: every byte of every field becomes `value`. */
inline cudaError_t kdlg_memset(const kd_layout *L, kdlg_convert_fn gen, void *const *regions, long long n, int value,
                               size_t bytes, int async, cudaStream_t s) {
  long long m = kdlg_elements(L, bytes, n);
  if (m < 0)
    return kdlg_bad_size(L, "memset", bytes, n);
  if (kd_layout_identity(L))  // the layout's bytes are the AoS bytes
    return async ? cudaMemsetAsync(regions[0], value, bytes, s) : cudaMemset(regions[0], value, bytes);
  if (m == n) {  // whole allocation: every region
    for (unsigned c = 0; c < L->nclusters; c++) {
      size_t rb = (size_t)kd_layout_region_bytes(&L->clusters[c], (uint64_t)n);
      cudaError_t e = async ? cudaMemsetAsync(regions[c], value, rb, s) : cudaMemset(regions[c], value, rb);
      if (e != cudaSuccess)
        return e;
    }
    return cudaSuccess;
  }
  void *stage = NULL;
  cudaError_t e = async ? cudaMallocAsync(&stage, bytes, s) : cudaMalloc(&stage, bytes);
  if (e != cudaSuccess)
    return e;
  e = async ? cudaMemsetAsync(stage, value, bytes, s) : cudaMemset(stage, value, bytes);
  if (e == cudaSuccess)
    e = kdlg_convert(L, gen, stage, m, n, regions, true, s);
  cudaError_t f = async ? cudaFreeAsync(stage, s) : cudaFree(stage);
  return e != cudaSuccess ? e : f;
}

#endif /* __CUDACC__ */

#endif
