/* measure.c: kdlg-calibrate's device side (Kofler et al. 2015, Sect. 3.2 and
 * Fig. 4): build the generated CUDA training kernels and the driver with nvcc
 * (in parallel), run the driver on GPU 0 and pass its raw timings CSV on
 * (docs/calibration.md).  The measuring itself happens in driver.cu.
 *
 * Processes are started with posix_spawnp (no shell, so no quoting); every
 * nvcc writes its output to a log file next to its object.
 */
#include "tool/calibrate/gen.h"
#include "tool/calibrate/measure.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef KDLG_OPT_VERSION
#define KDLG_OPT_VERSION "unknown"
#endif

extern char **environ;

enum { MAXARGS = 64, PATHLEN = 4096, MAXDIR = 2048 };

/* A path (or other string) from a format into buf[PATHLEN]; work
 * directories longer than MAXDIR are refused up front, so it never truncates. */
static void fmt(char *buf, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  vsnprintf(buf, PATHLEN, f, ap);
  va_end(ap);
}

/* ---- processes ---- */

/* Starts argv (PATH search) with stdin from /dev/null, stdout to out_path
 * (created or truncated) and stderr to err_fd, or to out_path too when
 * err_fd < 0; close_fd (≥ 0) is closed in the child.  Returns the pid, or -1
 * with errno set (ENOENT: no such program). */
static pid_t spawn(char *const argv[], const char *out_path, int err_fd, int close_fd) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (err_fd >= 0)
    posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
  else
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
  if (close_fd >= 0)
    posix_spawn_file_actions_addclose(&fa, close_fd);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) {
    errno = rc;
    return -1;
  }
  return pid;
}

/* Waits for pid; returns its exit status, 128 + signal when killed. */
static int wait_for(pid_t pid) {
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR)
      return 127;
  if (WIFEXITED(st))
    return WEXITSTATUS(st);
  return 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* The compiler command split at blanks into argv[0..]; returns the count. */
static int split_command(char *cmd, char **argv, int max) {
  int n = 0;
  for (char *t = strtok(cmd, " \t"); t && n < max - 1; t = strtok(NULL, " \t"))
    argv[n++] = t;
  argv[n] = NULL;
  return n;
}

/* Copies the last `lines` lines of path to log. */
static void tail_to(FILE *log, const char *path, int lines) {
  if (!log)
    return;
  FILE *f = fopen(path, "r");
  if (!f)
    return;
  char *buf = NULL;
  size_t len = 0, cap = 0;
  int c;
  while ((c = getc(f)) != EOF) {
    if (len + 1 >= cap) {
      cap = cap ? 2 * cap : 4096;
      char *nb = realloc(buf, cap);
      if (!nb)
        break;
      buf = nb;
    }
    buf[len++] = (char)c;
  }
  fclose(f);
  if (!buf)
    return;
  buf[len] = '\0';
  size_t start = len;
  for (int seen = 0; start > 0; start--)
    if (buf[start - 1] == '\n' && start != len && ++seen == lines)
      break;
  fputs(buf + start, log);
  free(buf);
}

/* ---- the build ---- */

static bool newer(const struct stat *a, const struct stat *b) {
  return a->st_mtim.tv_sec > b->st_mtim.tv_sec ||
         (a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec > b->st_mtim.tv_nsec);
}

/* true when obj exists and is newer than src and than dep (may be NULL) */
static bool up_to_date(const char *obj, const char *src, const char *dep) {
  struct stat so, ss, sd;
  if (stat(obj, &so) != 0 || stat(src, &ss) != 0 || !newer(&so, &ss))
    return false;
  return !dep || (stat(dep, &sd) == 0 && newer(&so, &sd));
}

/* "13.0" from `nvcc --version` ("... release 13.0, V13.0.88"); "" if unknown.
 * Returns -1 with err when nvcc cannot be started. */
static int nvcc_release(char **nvcc_argv, int nvcc_argc, const char *workdir, char *ver, size_t verlen,
                        char *err, size_t errlen) {
  char *argv[MAXARGS + 2], path[PATHLEN];
  for (int i = 0; i < nvcc_argc; i++)
    argv[i] = nvcc_argv[i];
  argv[nvcc_argc] = "--version";
  argv[nvcc_argc + 1] = NULL;
  fmt(path, "%s/nvcc-version.txt", workdir);
  ver[0] = '\0';
  pid_t pid = spawn(argv, path, -1, -1);
  if (pid < 0) {
    snprintf(err, errlen, "cannot run %s: %s (install the CUDA toolkit or pass the compiler's path)", argv[0],
             strerror(errno));
    return -1;
  }
  int rc = wait_for(pid);
  if (rc != 0) {
    snprintf(err, errlen, "%s --version failed (exit %d); output in %s", argv[0], rc, path);
    return -1;
  }
  FILE *f = fopen(path, "r");
  char line[512];
  while (f && fgets(line, sizeof line, f)) {
    char *p = strstr(line, "release ");
    if (p) {
      p += strlen("release ");
      size_t n = strcspn(p, ", \n");
      if (n >= verlen)
        n = verlen - 1;
      memcpy(ver, p, n);
      ver[n] = '\0';
      break;
    }
  }
  if (f)
    fclose(f);
  return 0;
}

typedef struct Job {
  pid_t pid;
  char src[PATHLEN], obj[PATHLEN], tmp[PATHLEN], log[PATHLEN];
} Job;

/* Waits for one of the running jobs; renames its object into place.
 * Returns 0, or -1 with err (the job failed).  It waits for any child: the
 * calling program must have no other children running meanwhile (kdlg-calibrate
 * has none). */
static int reap(Job *jobs, int *running, FILE *log, char *err, size_t errlen) {
  int st;
  pid_t pid;
  while ((pid = wait(&st)) < 0 && errno == EINTR)
    ;
  if (pid < 0) {
    snprintf(err, errlen, "waiting for nvcc: %s", strerror(errno));
    return -1;
  }
  for (int i = 0; i < *running; i++) {
    if (jobs[i].pid != pid)
      continue;
    Job j = jobs[i];
    jobs[i] = jobs[--*running];
    int rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    if (rc != 0) {
      tail_to(log, j.log, 20);
      snprintf(err, errlen, "nvcc failed on %s (exit %d); log: %s", j.src, rc, j.log);
      remove(j.tmp);
      return -1;
    }
    if (rename(j.tmp, j.obj) != 0) {
      snprintf(err, errlen, "cannot rename %s: %s", j.tmp, strerror(errno));
      return -1;
    }
    return 0;
  }
  return 0;  /* not one of ours */
}

int kd_cal_build(const KdCalConfig *cfg, const KdCalGenOptions *opt, char *exe, size_t exelen, char *nvcc_version,
                 size_t verlen, FILE *log, char *err, size_t errlen) {
  if (cfg->workdir && strlen(cfg->workdir) > MAXDIR) {
    snprintf(err, errlen, "work directory name longer than %d bytes", MAXDIR);
    return -1;
  }
  if (kd_cal_emit_opts(cfg, KD_CAL_CUDA, opt, err, errlen) != 0)
    return -1;
  KdCalSweep sw;
  kd_cal_sweep(cfg, &sw);
  const char *arch = cfg->arch ? cfg->arch : "sm_90";
  int jobs = cfg->jobs > 0 ? cfg->jobs : (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (jobs < 1)
    jobs = 1;

  char nvcc_cmd[PATHLEN], *nvcc_argv[MAXARGS];
  snprintf(nvcc_cmd, sizeof nvcc_cmd, "%s", cfg->nvcc ? cfg->nvcc : "nvcc");
  int nvcc_argc = split_command(nvcc_cmd, nvcc_argv, MAXARGS - 16);
  if (nvcc_argc == 0) {
    snprintf(err, errlen, "empty compiler command");
    return -1;
  }
  char ver[64];
  if (nvcc_release(nvcc_argv, nvcc_argc, cfg->workdir, ver, sizeof ver, err, errlen) != 0)
    return -1;
  snprintf(nvcc_version, verlen, "%s", ver);

  char objdir[PATHLEN], archflag[128];
  fmt(objdir, "%s/obj-%s", cfg->workdir, arch);
  snprintf(archflag, sizeof archflag, "-arch=%s", arch);
  if (mkdir(objdir, 0777) != 0 && errno != EEXIST) {
    snprintf(err, errlen, "cannot create %s: %s", objdir, strerror(errno));
    return -1;
  }

  /* the sources: one per struct, then the driver */
  int nsrc = sw.nsizes * sw.nm + 1;
  char (*names)[64] = calloc((size_t)nsrc, sizeof *names);
  Job *running = calloc((size_t)jobs, sizeof *running);
  char **link_argv = calloc((size_t)nsrc + MAXARGS, sizeof *link_argv);
  char (*objs)[PATHLEN] = calloc((size_t)nsrc, sizeof *objs);
  if (!names || !running || !link_argv || !objs) {
    snprintf(err, errlen, "out of memory");
    free(names), free(running), free(link_argv), free(objs);
    return -1;
  }
  int k = 0;
  for (int i = 0; i < sw.nsizes; i++)
    for (int j = 0; j < sw.nm; j++)
      kd_cal_file_name(names[k++], sizeof names[0], KD_CAL_CUDA, sw.sizes[i], sw.m[j]);
  snprintf(names[k++], sizeof names[0], "driver.cu");

  char dep[PATHLEN];
  fmt(dep, "%s/kd_cal_gen.cuh", cfg->workdir);
  int nrun = 0, compiled = 0, rc = 0;
  if (log)
    fprintf(log, "kdlg-calibrate: building %d sources with %s %s (%d jobs) in %s\n", nsrc, nvcc_argv[0], archflag,
            jobs, objdir);
  for (int i = 0; i < nsrc && rc == 0; i++) {
    Job j;
    memset(&j, 0, sizeof j);
    fmt(j.src, "%s/%s", cfg->workdir, names[i]);
    fmt(j.obj, "%s/%s.o", objdir, names[i]);
    fmt(j.tmp, "%s/%s.o.tmp", objdir, names[i]);
    fmt(j.log, "%s/%s.log", objdir, names[i]);
    fmt(objs[i], "%s", j.obj);
    if (up_to_date(j.obj, j.src, i == nsrc - 1 ? dep : NULL))
      continue;
    while (nrun >= jobs && rc == 0)
      rc = reap(running, &nrun, log, err, errlen);
    if (rc != 0)
      break;
    char *argv[MAXARGS + 16];
    int a = 0;
    for (int t = 0; t < nvcc_argc; t++)
      argv[a++] = nvcc_argv[t];
    /* -O is the host code's level only (device code is optimised either
     * way: same PTX and cubin); the training sources' host code is launch
     * stubs that the driver never calls, so -O0 there saves the host
     * compiler about a third of its time per source */
    argv[a++] = i == nsrc - 1 ? "-O3" : "-O0";
    argv[a++] = archflag;
    argv[a++] = "-c";
    argv[a++] = j.src;
    argv[a++] = "-o";
    argv[a++] = j.tmp;
    argv[a] = NULL;
    j.pid = spawn(argv, j.log, -1, -1);
    if (j.pid < 0) {
      snprintf(err, errlen, "cannot run %s: %s", argv[0], strerror(errno));
      rc = -1;
      break;
    }
    running[nrun++] = j;
    compiled++;
  }
  /* wait for the rest (also after a failure: no orphans) */
  while (nrun > 0) {
    char e2[512];
    if (reap(running, &nrun, log, e2, sizeof e2) != 0 && rc == 0) {
      rc = -1;
      snprintf(err, errlen, "%s", e2);
    }
  }

  if (rc == 0) {
    char tmp[PATHLEN], lnklog[PATHLEN];
    snprintf(exe, exelen, "%s/kdcal-%s", cfg->workdir, arch);
    fmt(tmp, "%s.tmp", exe);
    fmt(lnklog, "%s/link.log", objdir);
    bool relink = compiled > 0;
    for (int i = 0; i < nsrc && !relink; i++)
      relink = !up_to_date(exe, objs[i], NULL);
    if (relink) {
      int a = 0;
      for (int t = 0; t < nvcc_argc; t++)
        link_argv[a++] = nvcc_argv[t];
      link_argv[a++] = archflag;
      link_argv[a++] = "-o";
      link_argv[a++] = tmp;
      for (int i = 0; i < nsrc; i++)
        link_argv[a++] = objs[i];
      link_argv[a] = NULL;
      pid_t pid = spawn(link_argv, lnklog, -1, -1);
      int st = pid < 0 ? -1 : wait_for(pid);
      if (st != 0) {
        tail_to(log, lnklog, 20);
        snprintf(err, errlen, "linking %s failed (exit %d); log: %s", exe, st, lnklog);
        rc = -1;
      } else if (rename(tmp, exe) != 0) {
        snprintf(err, errlen, "cannot rename %s: %s", tmp, strerror(errno));
        rc = -1;
      }
    }
    if (rc == 0 && log)
      fprintf(log, "kdlg-calibrate: %d of %d sources compiled, driver %s\n", compiled, nsrc, exe);
  }
  free(names), free(running), free(link_argv), free(objs);
  return rc;
}

/* ---- the measurement ---- */

/* Copies the driver's CSV from path to csv; counts rows with verified 0. */
static int copy_csv(const char *path, FILE *csv, long *unverified, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
    return -1;
  }
  char line[1024];
  *unverified = 0;
  while (fgets(line, sizeof line, f)) {
    size_t n = strlen(line);
    if (line[0] != '#' && n >= 3 && !strcmp(line + n - 3, ",0\n"))
      ++*unverified;
    fputs(line, csv);
  }
  fclose(f);
  if (fflush(csv) != 0 || ferror(csv)) {
    snprintf(err, errlen, "cannot write the CSV: %s", strerror(errno));
    return -1;
  }
  return 0;
}

int kd_cal_measure(const KdCalConfig *cfg, FILE *csv, FILE *log, char *err, size_t errlen) {
  return kd_cal_measure_opts(cfg, NULL, csv, log, err, errlen);
}

int kd_cal_measure_opts(const KdCalConfig *cfg, const KdCalGenOptions *opt, FILE *csv, FILE *log, char *err,
                        size_t errlen) {
  char exe[PATHLEN], ver[64];
  if (cfg->bytes != 0 && cfg->bytes < 256) {
    snprintf(err, errlen, "bytes per training kernel must be at least 256 (the largest struct)");
    return -1;
  }
  if (kd_cal_build(cfg, opt, exe, sizeof exe, ver, sizeof ver, log, err, errlen) != 0)
    return -1;
  KdCalSweep sw;
  kd_cal_sweep(cfg, &sw);

  char bytes[32], repeats[16], csvpath[PATHLEN], runlog[PATHLEN];
  snprintf(bytes, sizeof bytes, "%llu", (unsigned long long)sw.bytes);
  snprintf(repeats, sizeof repeats, "%d", sw.repeats);
  fmt(csvpath, "%s/raw-%s.csv", cfg->workdir, sw.quick ? "quick" : "full");
  fmt(runlog, "%s/run.log", cfg->workdir);
  char *argv[] = {exe, "--bytes", bytes, "--repeats", repeats, "--nvcc-version", ver[0] ? ver : "unknown",
                  "--kdlg-version", KDLG_OPT_VERSION, NULL};

  /* the driver's progress (stderr) goes through a pipe to log and run.log */
  int fds[2];
  if (pipe(fds) != 0) {
    snprintf(err, errlen, "pipe: %s", strerror(errno));
    return -1;
  }
  if (log)
    fprintf(log, "kdlg-calibrate: running %s (CSV %s, log %s)\n", exe, csvpath, runlog);
  pid_t pid = spawn(argv, csvpath, fds[1], fds[0]);
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    snprintf(err, errlen, "cannot run %s: %s", exe, strerror(errno));
    return -1;
  }
  FILE *rl = fopen(runlog, "w");
  char buf[4096];
  ssize_t got;
  while ((got = read(fds[0], buf, sizeof buf)) != 0) {
    if (got < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    if (log) {
      fwrite(buf, 1, (size_t)got, log);
      fflush(log);
    }
    if (rl)
      fwrite(buf, 1, (size_t)got, rl);
  }
  close(fds[0]);
  if (rl)
    fclose(rl);
  int rc = wait_for(pid);
  if (rc != 0 && rc != 3) {
    snprintf(err, errlen, "the measurement driver %s failed (exit %d); log: %s", exe, rc, runlog);
    return -1;
  }
  long unverified;
  if (copy_csv(csvpath, csv, &unverified, err, errlen) != 0)
    return -1;
  if (rc == 3 || unverified > 0) {
    snprintf(err, errlen, "%ld variants did not verify (rows with verified 0 in the CSV); log: %s", unverified,
             runlog);
    return -1;
  }
  return 0;
}
