/* toolkit.h: the CUDA toolkit whose headers a CUDA file is parsed with.
 *
 * kdlg-opt reads a .cu file the way nvcc's users expect it to be read: with
 * the toolkit's own <cuda_runtime.h>, thrust, cub, curand_kernel.h and
 * cooperative_groups.h, found where nvcc is found (Kofler et al. 2015,
 * Fig. 4: the clang front end sees the program as the compiler does).  The
 * search order is the one of clang's and nvcc's users:
 *
 *   1. --cuda-path=DIR among the compiler arguments (kdlg-opt's own
 *      --cuda-path DIR is passed on in this form);
 *   2. the environment: CUDA_PATH, then CUDA_HOME;
 *   3. the directory above `bin/nvcc` of the first nvcc on PATH;
 *   4. /usr/local/cuda.
 *
 * A directory is a toolkit when DIR/include/cuda_runtime.h exists.  A DIR
 * named explicitly (1 or 2) that is not one is an error, not a silent
 * fallback; where the automatic search (3, 4) finds nothing, and where the
 * compiler arguments hold -nocudainc, the front end parses with kdlg-opt's
 * built-in declarations (analysis/cuda_prelude.h) instead, and says so.
 */
#ifndef KDLG_TOOLKIT_H
#define KDLG_TOOLKIT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum KdToolkitFrom {
  KD_TOOLKIT_NONE,      // no toolkit: the built-in prelude
  KD_TOOLKIT_ARG,       // --cuda-path=DIR
  KD_TOOLKIT_CUDA_PATH, // $CUDA_PATH
  KD_TOOLKIT_CUDA_HOME, // $CUDA_HOME
  KD_TOOLKIT_NVCC,      // the nvcc on PATH
  KD_TOOLKIT_DEFAULT,   // /usr/local/cuda
  KD_TOOLKIT_OFF,       // -nocudainc among the compiler arguments
} KdToolkitFrom;

typedef struct KdToolkit {
  KdToolkitFrom from;  // where it was found (NONE / OFF: not found or not wanted)
  char *dir;           // the toolkit's root, without a trailing '/' (malloc'd; NULL for NONE / OFF)
  bool cccl;           // DIR/include/cccl exists (CUDA >= 13 keeps thrust, cub and libcu++ there)
} KdToolkit;

/* Finds the CUDA toolkit for a parse with compiler arguments args[0..nargs-1]
 * (the search order above; `environ` and PATH are read).  Returns 0 with *out
 * filled (from NONE where nothing was found, OFF for -nocudainc), or -1 when
 * a directory named by --cuda-path or CUDA_PATH / CUDA_HOME is not a toolkit:
 * then `err` (errsize bytes) says which and why and *out is NONE.  Aborts on
 * out-of-memory.  The caller frees with kd_toolkit_free. */
int kd_toolkit_find(const char *const *args, int nargs, KdToolkit *out, char *err, size_t errsize);

void kd_toolkit_free(KdToolkit *tk);

/* "--cuda-path", "CUDA_PATH", ..., for messages. */
const char *kd_toolkit_from_name(KdToolkitFrom from);

#endif
