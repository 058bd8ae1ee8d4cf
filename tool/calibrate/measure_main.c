/* measure_main.c: kdlg-calibrate-measure, the device side of kdlg-calibrate
 * alone (kd_cal_measure, kd_cal_emit): the same as `kdlg-calibrate --measure`
 * but linked with libc only, so it builds on a GPU machine that lacks
 * kdlg-opt's libraries (tool/calibrate/build-standalone.sh).
 *
 *   kdlg-calibrate-measure [--quick] [--workdir DIR] [--nvcc CMD] [--arch SM]
 *                          [--jobs N] [--repeats R] [--bytes B] [-o FILE]
 *   kdlg-calibrate-measure --emit-kernels DIR [--lang cuda|opencl] [--quick]
 *
 * -o FILE is written atomically (FILE.tmp, then renamed), also when some
 * variant did not verify (the rows say which); without -o the CSV goes to
 * standard output.  Exit status: 0 success, 1 failure, 2 usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool/calibrate/gen.h"
#include "tool/calibrate/measure.h"

static int usage(void) {
  fprintf(stderr,
          "usage: kdlg-calibrate-measure [--quick] [--workdir DIR] [--nvcc CMD] [--arch SM] [--jobs N]\n"
          "                              [--repeats R] [--bytes B] [-o FILE]\n"
          "       kdlg-calibrate-measure --emit-kernels DIR [--lang cuda|opencl] [--quick]\n");
  return 2;
}

int main(int argc, char **argv) {
  KdCalConfig cfg = {0};
  cfg.workdir = "kdlg-calibrate-work";
  const char *out = NULL, *emit = NULL;
  KdCalLang lang = KD_CAL_CUDA;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--quick")) {
      cfg.quick = true;
      continue;
    }
    if (i + 1 >= argc)
      return usage();
    const char *v = argv[++i];
    if (!strcmp(a, "--workdir"))
      cfg.workdir = v;
    else if (!strcmp(a, "--nvcc"))
      cfg.nvcc = v;
    else if (!strcmp(a, "--arch"))
      cfg.arch = v;
    else if (!strcmp(a, "--jobs"))
      cfg.jobs = atoi(v);
    else if (!strcmp(a, "--repeats"))
      cfg.repeats = atoi(v);
    else if (!strcmp(a, "--bytes"))
      cfg.bytes = strtoull(v, NULL, 10);
    else if (!strcmp(a, "-o"))
      out = v;
    else if (!strcmp(a, "--emit-kernels"))
      emit = v;
    else if (!strcmp(a, "--lang") && (!strcmp(v, "cuda") || !strcmp(v, "opencl")))
      lang = !strcmp(v, "cuda") ? KD_CAL_CUDA : KD_CAL_OPENCL;
    else
      return usage();
  }
  char err[1024];
  if (emit) {
    cfg.workdir = emit;
    if (kd_cal_emit(&cfg, lang, err, sizeof err) != 0) {
      fprintf(stderr, "kdlg-calibrate-measure: %s\n", err);
      return 1;
    }
    return 0;
  }

  char tmp[4096];
  FILE *csv = stdout;
  if (out) {
    snprintf(tmp, sizeof tmp, "%s.tmp", out);
    if (!(csv = fopen(tmp, "w"))) {
      perror(tmp);
      return 1;
    }
  }
  int rc = kd_cal_measure(&cfg, csv, stderr, err, sizeof err);
  if (out) {
    if (fclose(csv) != 0 || rename(tmp, out) != 0) {
      perror(out);
      return 1;
    }
  }
  if (rc != 0) {
    fprintf(stderr, "kdlg-calibrate-measure: %s\n", err);
    return 1;
  }
  return 0;
}
