/* calbuild.c: builds kdlg-calibrate's CUDA training kernels and driver (the
 * quick sweep) with nvcc, as `kdlg-calibrate --measure --quick` does before it
 * runs anything (kd_cal_build); no GPU needed.  Checks that the driver
 * executable exists afterwards.
 *
 *   calbuild --nvcc PATH --work DIR [--jobs N] [--arch SM] [--expect-failure]
 *
 * --expect-failure (with a compiler that fails): the build must fail with a
 * message that names a log file, and that log must hold the compiler's output.
 *
 * Exit status: 0 built (or failed as expected), 1 otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tool/calibrate/gen.h"

int main(int argc, char **argv) {
  KdCalConfig cfg = {.quick = true};
  int expect_failure = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--expect-failure")) {
      expect_failure = 1;
      continue;
    }
    if (i + 1 >= argc)
      break;
    if (!strcmp(argv[i], "--nvcc"))
      cfg.nvcc = argv[i + 1];
    else if (!strcmp(argv[i], "--work"))
      cfg.workdir = argv[i + 1];
    else if (!strcmp(argv[i], "--jobs"))
      cfg.jobs = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--arch"))
      cfg.arch = argv[i + 1];
    i++;
  }
  if (!cfg.workdir || !cfg.nvcc || !*cfg.nvcc || strstr(cfg.nvcc, "NOTFOUND")) {
    fprintf(stderr, "calbuild: nvcc not found (configure with -DKD_NVCC=/path/to/nvcc)\n");
    return 1;
  }
  char exe[4096], ver[64], err[1024];
  if (expect_failure) {
    if (kd_cal_build(&cfg, NULL, exe, sizeof exe, ver, sizeof ver, stderr, err, sizeof err) == 0) {
      fprintf(stderr, "calbuild: the build succeeded with a failing compiler\n");
      return 1;
    }
    const char *log = strstr(err, "log: ");
    char line[512] = "";
    FILE *f = log ? fopen(log + 5, "r") : NULL;
    if (f) {
      if (!fgets(line, sizeof line, f))
        line[0] = '\0';
      fclose(f);
    }
    if (!strstr(err, "nvcc failed on ") || !strstr(line, "planted compilation failure")) {
      fprintf(stderr, "calbuild: unexpected failure report: %s (log's first line: %s)\n", err, line);
      return 1;
    }
    printf("calbuild: failed as expected: %s\n", err);
    return 0;
  }
  if (kd_cal_build(&cfg, NULL, exe, sizeof exe, ver, sizeof ver, stderr, err, sizeof err) != 0) {
    fprintf(stderr, "calbuild: %s\n", err);
    return 1;
  }
  struct stat st;
  if (stat(exe, &st) != 0 || !(st.st_mode & S_IXUSR)) {
    fprintf(stderr, "calbuild: %s was not built\n", exe);
    return 1;
  }
  printf("calbuild: built %s with nvcc %s\n", exe, ver);
  return 0;
}
