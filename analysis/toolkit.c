/* toolkit.c: finding the CUDA toolkit (see toolkit.h). */
#include "toolkit.h"
#include "mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* path/rel exists and is a regular file (file) or a directory (!file). */
static bool exists(const char *dir, const char *rel, bool file) {
  char *p = kd_xasprintf("%s/%s", dir, rel);
  struct stat st;
  bool ok = stat(p, &st) == 0 && (file ? S_ISREG(st.st_mode) : S_ISDIR(st.st_mode));
  free(p);
  return ok;
}

static bool is_toolkit(const char *dir) { return *dir && exists(dir, "include/cuda_runtime.h", true); }

/* dir without trailing slashes (but "/" stays), malloc'd. */
static char *trimmed(const char *dir) {
  size_t n = strlen(dir);
  while (n > 1 && dir[n - 1] == '/')
    n--;
  return kd_xstrndup(dir, n);
}

/* The toolkit root above the first executable `nvcc` on PATH (DIR/bin/nvcc
 * gives DIR), or NULL. */
static char *nvcc_root(void) {
  const char *path = getenv("PATH");
  if (!path)
    return NULL;
  for (const char *p = path; *p;) {
    const char *end = strchr(p, ':');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n > 0) {
      char *dir = kd_xstrndup(p, n);
      if (exists(dir, "nvcc", true)) {
        char *root = trimmed(dir);
        char *slash = strrchr(root, '/');
        if (slash && !strcmp(slash, "/bin")) {
          *slash = '\0';
          if (is_toolkit(root)) {
            free(dir);
            return root;
          }
        }
        free(root);
      }
      free(dir);
    }
    p = end ? end + 1 : p + n;
  }
  return NULL;
}

static void found(KdToolkit *out, KdToolkitFrom from, char *dir) {
  out->from = from;
  out->dir = dir;
  out->cccl = exists(dir, "include/cccl", false);
}

int kd_toolkit_find(const char *const *args, int nargs, KdToolkit *out, char *err, size_t errsize) {
  memset(out, 0, sizeof *out);
  const char *arg = NULL;
  for (int i = 0; i < nargs; i++) {
    if (!strcmp(args[i], "-nocudainc")) {
      out->from = KD_TOOLKIT_OFF;
      return 0;
    }
    if (!strncmp(args[i], "--cuda-path=", 12))
      arg = args[i] + 12;  // the last one wins, as in clang
  }
  struct {
    KdToolkitFrom from;
    const char *dir;
  } named[] = {{KD_TOOLKIT_ARG, arg}, {KD_TOOLKIT_CUDA_PATH, getenv("CUDA_PATH")},
               {KD_TOOLKIT_CUDA_HOME, getenv("CUDA_HOME")}};
  for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
    if (!named[i].dir || (!*named[i].dir && named[i].from != KD_TOOLKIT_ARG))
      continue;  // (an empty variable counts as unset, an empty --cuda-path= does not)
    if (!is_toolkit(named[i].dir)) {
      snprintf(err, errsize, "%s '%s' is not a CUDA toolkit (no include/cuda_runtime.h under it)",
               kd_toolkit_from_name(named[i].from), named[i].dir);
      return -1;
    }
    found(out, named[i].from, trimmed(named[i].dir));
    return 0;
  }
  char *dir = nvcc_root();
  if (dir) {
    found(out, KD_TOOLKIT_NVCC, dir);
    return 0;
  }
  if (is_toolkit("/usr/local/cuda"))
    found(out, KD_TOOLKIT_DEFAULT, trimmed("/usr/local/cuda"));
  return 0;
}

void kd_toolkit_free(KdToolkit *tk) {
  free(tk->dir);
  memset(tk, 0, sizeof *tk);
}

const char *kd_toolkit_from_name(KdToolkitFrom from) {
  switch (from) {
  case KD_TOOLKIT_ARG:
    return "--cuda-path";
  case KD_TOOLKIT_CUDA_PATH:
    return "CUDA_PATH";
  case KD_TOOLKIT_CUDA_HOME:
    return "CUDA_HOME";
  case KD_TOOLKIT_NVCC:
    return "nvcc on PATH";
  case KD_TOOLKIT_DEFAULT:
    return "/usr/local/cuda";
  case KD_TOOLKIT_OFF:
    return "-nocudainc";
  case KD_TOOLKIT_NONE:
    break;
  }
  return "none";
}
