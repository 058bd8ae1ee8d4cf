#!/usr/bin/env python3
"""Run a command, let its stdout/stderr through, then print `exit=N` on stdout.

    %exitcode CMD ARGS... 2>&1 | FileCheck %s      (CHECK: exit=2)

lit's internal shell has no `$?`; this wrapper always exits 0 itself, so the
exit status is checked by FileCheck like any other output.  A command killed by
a signal prints `exit=signal-N` (a crash never looks like a clean exit code).
"""
import subprocess
import sys


def main():
    if len(sys.argv) < 2:
        sys.stderr.write('usage: exitcode.py CMD [ARGS...]\n')
        return 2
    sys.stdout.flush()
    try:
        rc = subprocess.call(sys.argv[1:])
    except OSError as e:
        sys.stdout.write('exit=cannot-run (%s)\n' % e)
        return 0
    sys.stderr.flush()
    if rc < 0:
        sys.stdout.write('exit=signal-%d\n' % -rc)
    else:
        sys.stdout.write('exit=%d\n' % rc)
    return 0


if __name__ == '__main__':
    sys.exit(main())
