/* output.c: atomic result files (see output.h). */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int kd_write_atomic(const char *prog, const char *path, const char *data, size_t len, FILE *diag) {
  if (!strcmp(path, "-")) {
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
      fprintf(diag, "%s: error: cannot write to standard output\n", prog);
      return -1;
    }
    return 0;
  }
  size_t n = strlen(path);
  char *tmp = malloc(n + 32);
  if (!tmp)
    return -1;
  snprintf(tmp, n + 32, "%s.kdlg-tmp-XXXXXX", path);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    fprintf(diag, "%s: error: cannot create '%s': %s\n", prog, path, strerror(errno));
    free(tmp);
    return -1;
  }
  mode_t mask = umask(0);
  umask(mask);
  int err = 0;
  const char *p = data;
  size_t left = len;
  while (left > 0 && !err) {
    ssize_t w = write(fd, p, left);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      err = errno ? errno : EIO;
    else {
      p += w;
      left -= (size_t)w;
    }
  }
  if (!err && fchmod(fd, 0666 & ~mask) != 0)
    err = errno;
  if (close(fd) != 0 && !err)
    err = errno;
  if (!err && rename(tmp, path) != 0)
    err = errno;
  if (err) {
    fprintf(diag, "%s: error: cannot write '%s': %s\n", prog, path, strerror(err));
    unlink(tmp);
  }
  free(tmp);
  return err ? -1 : 0;
}

bool kd_same_file(const char *a, const char *b) {
  struct stat sa, sb;
  if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
    return false;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int kd_make_parents(const char *prog, const char *path, FILE *diag) {
  char *p = strdup(path);
  if (!p) {
    fprintf(diag, "%s: error: out of memory\n", prog);
    return -1;
  }
  for (char *s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = '\0';
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
      fprintf(diag, "%s: error: cannot create directory '%s': %s\n", prog, p, strerror(errno));
      free(p);
      return -1;
    }
    *s = '/';
  }
  free(p);
  return 0;
}
