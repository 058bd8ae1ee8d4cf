/* output.c: atomic result files, whole-file reads, diffs (see output.h). */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
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

char *kd_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *buf = NULL;
  size_t n = 0, cap = 0, got;
  do {
    if (cap - n < 4096) {
      char *b = realloc(buf, cap = 2 * cap + 4096);
      if (!b) {
        free(buf);
        fclose(f);
        errno = ENOMEM;
        return NULL;
      }
      buf = b;
    }
    got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
  } while (got > 0);
  int err = ferror(f) ? EIO : 0;
  fclose(f);
  if (err) {
    free(buf);
    errno = err;
    return NULL;
  }
  buf[n] = '\0';
  if (len)
    *len = n;
  return buf;
}

extern char **environ;

int kd_print_diff(const char *prog, const char *orig, const char *label, const char *text, size_t len, FILE *diag) {
  int fds[2];
  if (pipe(fds) != 0) {
    fprintf(diag, "%s: error: cannot run diff: %s\n", prog, strerror(errno));
    return -1;
  }
  fflush(stdout);  // (diff writes to the same standard output, after what is printed so far)
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fds[0], 0);
  posix_spawn_file_actions_addclose(&fa, fds[0]);
  posix_spawn_file_actions_addclose(&fa, fds[1]);
  const char *from = orig ? orig : "/dev/null";
  char *argv[] = {"diff", "-u", "--label", (char *)(orig ? label : "/dev/null"), "--label", (char *)label,
                  (char *)from, "-", NULL};
  pid_t pid;
  int err = posix_spawnp(&pid, "diff", &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fds[0]);
  if (err) {
    close(fds[1]);
    fprintf(diag, "%s: error: cannot run diff (diffutils): %s\n", prog, strerror(err));
    return -1;
  }
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);  // (diff exits early only in trouble: its status says so)
  for (size_t off = 0; off < len;) {
    ssize_t w = write(fds[1], text + off, len - off);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      break;
    off += (size_t)w;
  }
  close(fds[1]);
  signal(SIGPIPE, old);
  int status;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (!WIFEXITED(status) || WEXITSTATUS(status) > 1) {
    fprintf(diag, "%s: error: diff of '%s' failed\n", prog, label);
    return -1;
  }
  return 0;
}
