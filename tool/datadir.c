/* datadir.c: the shipped device models' directory (see datadir.h). */
#define _GNU_SOURCE /* readlink */
#include "datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../analysis/mem.h"

#ifndef KD_BIN_TO_MODELS
#define KD_BIN_TO_MODELS "../share/kdlg-opt/models"  // (CMakeLists.txt defines both)
#endif
#ifndef KD_SOURCE_MODELS_DIR
#define KD_SOURCE_MODELS_DIR ""
#endif

static bool is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

char *kd_models_dir(void) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n > 0) {
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) {
      *slash = '\0';
      char *d = kd_xasprintf("%s/%s", exe, KD_BIN_TO_MODELS);
      char *real = realpath(d, NULL);
      free(d);
      if (real && is_dir(real))
        return real;
      free(real);
    }
  }
  return *KD_SOURCE_MODELS_DIR && is_dir(KD_SOURCE_MODELS_DIR) ? kd_xstrdup(KD_SOURCE_MODELS_DIR) : NULL;
}

char *kd_model_path(const char *arg) {
  if (strchr(arg, '/') || is_file(arg))
    return kd_xstrdup(arg);
  char *dir = kd_models_dir();
  if (dir) {
    const char *const suffix[] = {".json", ""};
    for (int i = 0; i < 2; i++) {
      char *p = kd_xasprintf("%s/%s%s", dir, arg, suffix[i]);
      if (is_file(p)) {
        free(dir);
        return p;
      }
      free(p);
    }
    free(dir);
  }
  return kd_xstrdup(arg);
}
