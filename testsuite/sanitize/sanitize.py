#!/usr/bin/env python3
"""The sanitizer run of issue 21 (label sanitize): kdlg-opt and
kdlg-calibrate built with -fsanitize=address,undefined in their own build
folder, then the lit suite and every .cu, .cuh and .cl of testsuite/ and
benchmarks/ under every layout through them.  Any sanitizer report fails.

  sanitize.py build --source DIR --build DIR [--cc CC] [-j N]
  sanitize.py lit   --source DIR --build DIR --filecheck PATH
  sanitize.py files --source DIR --build DIR [-j N]

Reports: ASan, LSan and UBSan write to log files (log_path) under
BUILD/reports/<step>/, so that a report fails the step even where the test
expected kdlg-opt to fail (`not %kdlg-opt`); halt_on_error everywhere.
libclang is not instrumented; leaks allocated inside it are suppressed by
lsan.supp (ours are reported).  `files` accepts exit status 0 and 1 (an
input error, e.g. a test input that is meant not to parse) and fails on any
other status (a crash, an abort)."""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LAYOUTS = ['auto', 'aos', 'soa', 'split', 'tiled:2', 'tiled:32', 'tiled:1024']


def sanitizer_env(reports):
    os.makedirs(reports, exist_ok=True)
    supp = os.path.join(HERE, 'lsan.supp')
    env = dict(os.environ)
    common = 'log_path=%s/%%s:halt_on_error=1' % reports
    env['ASAN_OPTIONS'] = (common % 'asan') + ':detect_leaks=1:abort_on_error=0'
    env['LSAN_OPTIONS'] = (common % 'lsan') + ':suppressions=%s:print_suppressions=0' % supp
    env['UBSAN_OPTIONS'] = (common % 'ubsan') + ':print_stacktrace=1'
    return env


def check_reports(reports):
    """Prints every report written under `reports`; the number of them."""
    logs = sorted(os.listdir(reports)) if os.path.isdir(reports) else []
    for name in logs:
        with open(os.path.join(reports, name), errors='replace') as f:
            sys.stdout.write('==== %s\n%s\n' % (name, f.read()))
    return len(logs)


def build(a):
    out = os.path.join(a.build, 'tool')
    cmd = ['cmake', '-S', a.source, '-B', out, '-DCMAKE_BUILD_TYPE=RelWithDebInfo',
           '-DKDLG_SANITIZE=address,undefined', '-DBUILD_TESTING=OFF']
    if a.cc:
        cmd.append('-DCMAKE_C_COMPILER=' + a.cc)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(['cmake', '--build', out, '-j', str(a.jobs), '--target', 'kdlg-opt', 'kdlg-calibrate'],
                   check=True)
    return 0


def tool(a, name):
    path = os.path.join(a.build, 'tool', name)
    if not os.path.exists(path):
        sys.exit('sanitize: %s not built (run the build step, sanitize/build)' % path)
    return path


def lit(a):
    reports = os.path.join(a.build, 'reports', 'lit')
    shutil.rmtree(reports, ignore_errors=True)
    exec_root = os.path.join(a.build, 'lit')
    shutil.rmtree(exec_root, ignore_errors=True)
    os.makedirs(exec_root)
    cmd = [sys.executable, os.path.join(a.source, 'testsuite', 'run-lit.py'), '-sv',
           '--param', 'kdlg_opt=' + tool(a, 'kdlg-opt'), '--param', 'kdlg_calibrate=' + tool(a, 'kdlg-calibrate'),
           '--param', 'filecheck=' + a.filecheck, '--param', 'exec_root=' + exec_root,
           os.path.join(a.source, 'testsuite', 'lit')]
    rc = subprocess.run(cmd, env=sanitizer_env(reports)).returncode
    n = check_reports(reports)
    print('sanitize/lit: lit exit %d, %d sanitizer report(s)' % (rc, n))
    return 1 if rc or n else 0


def inputs(source):
    for top in ('testsuite', 'benchmarks'):
        for d, dirs, files in os.walk(os.path.join(source, top)):
            dirs[:] = sorted(x for x in dirs if x != 'Output')
            for f in sorted(files):
                if f.endswith(('.cu', '.cuh', '.cl')):
                    yield os.path.join(d, f)


def run_one(kdlg_opt, path, layout, env, tmp):
    ext = os.path.splitext(path)[1]
    base = os.path.join(tmp, '%d' % threading.get_ident())
    out = '%s-%s%s' % (base, layout.replace(':', ''), ext)
    cmd = [kdlg_opt, path, '-o', out, '--emit-plan', out + '.json', '--emit-dot', out + '.dot']
    if layout != 'auto':
        cmd += ['--layout', layout]
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    return path, layout, p.returncode, p.stdout.decode(errors='replace')


def files(a):
    reports = os.path.join(a.build, 'reports', 'files')
    shutil.rmtree(reports, ignore_errors=True)
    env = sanitizer_env(reports)
    kdlg_opt = tool(a, 'kdlg-opt')
    runs = [(p, l) for p in inputs(a.source) for l in LAYOUTS]
    bad, status = [], {}
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix='kdlg-sanitize-') as tmp, \
            concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for path, layout, rc, text in ex.map(lambda r: run_one(kdlg_opt, r[0], r[1], env, tmp), runs):
            status[rc] = status.get(rc, 0) + 1
            if rc not in (0, 1):
                bad.append((path, layout, rc, text))
    for path, layout, rc, text in bad:
        print('==== %s --layout %s: exit %d\n%s' % (os.path.relpath(path, a.source), layout, rc, text[-4000:]))
    n = check_reports(reports)
    print('sanitize/files: %d runs (%d files x %d layouts) in %.0f s, exit status %s; %d crash(es), '
          '%d sanitizer report(s)' % (len(runs), len(runs) // len(LAYOUTS), len(LAYOUTS), time.time() - t0,
                                      dict(sorted(status.items())), len(bad), n))
    return 1 if bad or n else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('step', choices=['build', 'lit', 'files'])
    ap.add_argument('--source', required=True)
    ap.add_argument('--build', required=True)
    ap.add_argument('--cc')
    ap.add_argument('--filecheck', default='FileCheck')
    ap.add_argument('-j', '--jobs', type=int, default=2)
    a = ap.parse_args()
    a.source, a.build = os.path.abspath(a.source), os.path.abspath(a.build)
    sys.exit({'build': build, 'lit': lit, 'files': files}[a.step](a))


if __name__ == '__main__':
    main()
