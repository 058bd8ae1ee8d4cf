/* calbuild.c: builds kdlg-calibrate's CUDA training kernels and driver (the
 * quick sweep) with nvcc, as `kdlg-calibrate --measure --quick` does before it
 * runs anything (kd_cal_build); no GPU needed.  Checks that the driver
 * executable exists afterwards.
 *
 *   calbuild --nvcc PATH --work DIR [--jobs N] [--arch SM]
 *
 * Exit status: 0 built, 1 nvcc missing or failing (the message names the log).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tool/calibrate/gen.h"

int main(int argc, char **argv) {
  KdCalConfig cfg = {.quick = true};
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--nvcc"))
      cfg.nvcc = argv[i + 1];
    else if (!strcmp(argv[i], "--work"))
      cfg.workdir = argv[i + 1];
    else if (!strcmp(argv[i], "--jobs"))
      cfg.jobs = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--arch"))
      cfg.arch = argv[i + 1];
  }
  if (!cfg.workdir || !cfg.nvcc || !*cfg.nvcc || strstr(cfg.nvcc, "NOTFOUND")) {
    fprintf(stderr, "calbuild: nvcc not found (configure with -DKD_NVCC=/path/to/nvcc)\n");
    return 1;
  }
  char exe[4096], ver[64], err[1024];
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
