/* cldiff.h: what the per-test generated wrapper (cldiff_gen.c, written by
 * cldiff_test.py) tells the differential harness cldiff.c about one
 * rewritten OpenCL file.
 *
 * The wrapper includes kdlg-opt's OUT.cl.layout.h when there is one, then this
 * file, then defines two tables:
 *   cldiff_structs[]  every struct of the plan: its fields as the plan gives
 *                     them (name, AoS offset, bytes) and, when the rewriter
 *                     changed its layout (KDLG_<S>_NREGIONS defined), the
 *                     header's layout description and host helpers;
 *   cldiff_kernels[]  every kernel the header has an argument map for
 *                     (kdlg_args_<kernel>); other kernels keep their arguments.
 * and a probe kernel (cldiff_probe_src) that measures sizeof and offsetof of
 * every struct on the OpenCL device, appended to the original program.
 */
#ifndef CLDIFF_H
#define CLDIFF_H

#include <stddef.h>

#include "kdlg_layout.h"

typedef struct cldiff_struct {
  const char *name;              /* as the plan and the header name it: tag or typedef name */
  const kd_layout *plan;         /* from --emit-plan: aos_bytes and fields (aos_offset, bytes) only */
  const kd_layout *layout;       /* kdlg_<S>_layout, or NULL when the struct keeps AoS */
  int nregions;                  /* KDLG_<S>_NREGIONS, 0 when the struct keeps AoS */
  size_t (*region_bytes)(unsigned c, size_t n);
  void (*pack)(const void *aos, size_t n, void *const *regions);
  void (*unpack)(void *const *regions, size_t n, void *aos);
} cldiff_struct;

typedef struct cldiff_kernel {
  const char *name;
  const int *args;               /* kdlg_args_<name>: original index -> new index */
  int nargs;                     /* entries of args (original argument count) */
} cldiff_kernel;

extern const cldiff_struct cldiff_structs[];
extern const int cldiff_nstructs;
extern const cldiff_kernel cldiff_kernels[];
extern const int cldiff_nkernels;
extern const char cldiff_probe_src[];

#endif
