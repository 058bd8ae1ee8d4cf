/* codegenInt.h: what codegen's two files share beyond codegen.h:
 *
 *   codegen.c       the generated names (kd_gen_name), the prelude, the
 *                   device side (types, view, accessors): kd_gen_device
 *   codegen_host.c  the host side: the layout description as data, the
 *                   CUDA conversion kernels' staging plan and the host
 *                   wrappers (kd_gen_cuda_host), OpenCL's layout header
 *                   (kd_gen_opencl_host)
 */
#ifndef KDLG_CODEGEN_INT_H
#define KDLG_CODEGEN_INT_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/layoutname.h"
#include "../analysis/mem.h"
#include "codegen.h"

/* The fields of cluster c in cluster order (increasing offset) into out
 * (room for g->L->nfields); returns how many. */
int cg_cluster_fields(const KdGenStruct *g, uint32_t c, int *out);

/* Cluster c of L as the plan's layout choice (layout.h maps a choice to a
 * tile: 0 SoA, 1 AoS, t tiled), with its alignment where the plan raises it. */
KdLayoutChoice cg_cluster_choice(const kd_layout *L, uint32_t c);

#endif
