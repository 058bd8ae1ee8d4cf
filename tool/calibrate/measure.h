/* measure.h: kdlg-calibrate's device side (Kofler et al. 2015, Sect. 3.2 and
 * Fig. 4, "device dependent part"): generate the training kernels, build them
 * with nvcc at run time, time them on the GPU and write the raw timings CSV
 * (format: docs/calibration.md), plus the stride microbenchmark that measures ε.
 *
 * API fixed by the lead; implementation owned by tool/calibrate/.
 */
#ifndef KDLG_CAL_MEASURE_H
#define KDLG_CAL_MEASURE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum KdCalLang { KD_CAL_CUDA, KD_CAL_OPENCL } KdCalLang;

typedef struct KdCalConfig {
  bool quick;           /* smaller sweep (docs/calibration.md says which) */
  const char *workdir;  /* generated sources and build outputs; created if missing */
  const char *nvcc;     /* compiler command; NULL: "nvcc" */
  const char *arch;     /* nvcc -arch value; NULL: "sm_90" */
  int jobs;             /* parallel nvcc processes; 0: number of online CPUs */
  int repeats;          /* timed launches per variant (median); 0: default */
  uint64_t bytes;       /* bytes of struct data per training kernel; 0: default */
} KdCalConfig;

/* Writes the training kernels for `lang` (every struct m × field size, every
 * layout) and, for CUDA, the host driver into cfg->workdir.  Returns 0, or -1
 * with a one-line message in err. */
int kd_cal_emit(const KdCalConfig *cfg, KdCalLang lang, char *err, size_t errlen);

/* Emits the CUDA kernels, builds them with nvcc, runs the sweep and the ε
 * stride benchmark on GPU 0 and writes the raw timings CSV (with its header
 * lines, docs/calibration.md) to `csv`.  Progress goes to `log` (may be NULL).
 * Returns 0, or -1 with a one-line message in err (nvcc missing or failing,
 * no GPU, a variant whose result does not verify). */
int kd_cal_measure(const KdCalConfig *cfg, FILE *csv, FILE *log, char *err, size_t errlen);

#endif
