/* measure_main.c: kdlg-calibrate-measure, the device side of kdlg-calibrate
 * alone (kd_cal_measure, kd_cal_emit): the same as `kdlg-calibrate --measure`
 * but linked with libc only, so it builds on a GPU machine that lacks
 * kdlg-opt's libraries (tool/calibrate/build-standalone.sh).
 *
 *   kdlg-calibrate-measure [--quick] [--workdir DIR] [--nvcc CMD] [--arch SM]
 *                          [--jobs N] [--repeats R] [--bytes B] [-o FILE]
 *   kdlg-calibrate-measure --emit-kernels DIR [--lang cuda|opencl] [--quick]
 *
 * Self-checks: --build-only builds the driver (WORKDIR/kdcal-SM; run it with
 * --help for its options) and prints its path; --plant-bug generates the
 * kernels with the planted addressing bug (every row must come out verified 0).
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
          "       kdlg-calibrate-measure --emit-kernels DIR [--lang cuda|opencl] [--quick]\n"
          "       (self-checks: --build-only, --plant-bug)\n");
  return 2;
}

int main(int argc, char **argv) {
  KdCalConfig cfg = {0};
  cfg.workdir = "kdlg-calibrate-work";
  const char *out = NULL, *emit = NULL;
  KdCalLang lang = KD_CAL_CUDA;
  KdCalGenOptions opt = {0};
  bool build_only = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--quick") || !strcmp(a, "--plant-bug") || !strcmp(a, "--build-only")) {
      cfg.quick |= !strcmp(a, "--quick");
      opt.plant_bug |= !strcmp(a, "--plant-bug");
      build_only |= !strcmp(a, "--build-only");
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
    if (kd_cal_emit_opts(&cfg, lang, &opt, err, sizeof err) != 0) {
      fprintf(stderr, "kdlg-calibrate-measure: %s\n", err);
      return 1;
    }
    return 0;
  }

  if (build_only) {
    char exe[4096], ver[64];
    if (kd_cal_build(&cfg, &opt, exe, sizeof exe, ver, sizeof ver, stderr, err, sizeof err) != 0) {
      fprintf(stderr, "kdlg-calibrate-measure: %s\n", err);
      return 1;
    }
    printf("%s\n", exe);
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
  int rc = kd_cal_measure_opts(&cfg, &opt, csv, stderr, err, sizeof err);
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
