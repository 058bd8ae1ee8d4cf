# -*- Python -*-
# lit configuration for the kdlg-opt command-line tests.
#
# CMake runs:
#   lit -sv --param kdlg_opt=<build>/kdlg-opt --param filecheck=<FileCheck> testsuite/lit
# Run by hand from the repository root with `lit -sv testsuite/lit`; the
# parameters then default to <repo>/build/kdlg-opt and LLVM 22's FileCheck.
import os
import shutil
import subprocess
import sys

import lit.formats

config.name = 'kdlg-opt'
config.suffixes = ['.cu', '.cl', '.test']
# lit's internal shell (lit 23 refuses execute_external=True).  It has pipes,
# redirections, `not` and the usual file commands; exact exit codes are checked
# through %exitcode, which runs a command and then prints `exit=N`.
config.test_format = lit.formats.ShTest(execute_external=False)
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
# --param exec_root=DIR: the tests' Output/ folders there, not beside the
# tests (the sanitized run, testsuite/sanitize/, runs beside the plain one)
if lit_config.params.get('exec_root'):
    config.test_exec_root = lit_config.params['exec_root']
# Helper inputs that are not tests themselves.
config.excludes = ['Inputs', 'Output', 'lit.cfg.py', 'plancheck.py', 'exitcode.py']

repo_root = os.path.dirname(os.path.dirname(config.test_source_root))

kdlg_opt = lit_config.params.get('kdlg_opt',
                                 os.path.join(repo_root, 'build', 'kdlg-opt'))
kdlg_calibrate = lit_config.params.get('kdlg_calibrate',
                                      os.path.join(repo_root, 'build', 'kdlg-calibrate'))
filecheck = lit_config.params.get('filecheck', '/usr/lib/llvm-22/bin/FileCheck')
if not os.path.exists(filecheck):
    filecheck = shutil.which('FileCheck') or shutil.which('FileCheck-22') or filecheck
if not os.path.exists(kdlg_opt):
    lit_config.fatal('kdlg-opt not found at %s (pass --param kdlg_opt=PATH)' % kdlg_opt)

# Compilers for the tests that check that an output compiles (issue 21):
# %nvcc compiles a CUDA output for sm_90 with the runtime's headers (as
# testsuite/cuda does; not found: those tests fail, they are not skipped),
# %clang-cl checks an OpenCL output with clang's OpenCL C 1.2 front end.
nvcc = lit_config.params.get('nvcc') or shutil.which('nvcc') or '/usr/local/cuda/bin/nvcc'
clang_cl = shutil.which('clang-22') or shutil.which('clang') or '/usr/lib/llvm-22/bin/clang'

# CMake, for the tests that configure a project (compdb/cmake-nvcc.test);
# kdlg-opt's version as project() has it (version.test).
cmake = lit_config.params.get('cmake') or shutil.which('cmake') or 'cmake'
kdlg_version = lit_config.params.get('version')
if not kdlg_version:  # run by hand: project()'s
    import re
    with open(os.path.join(repo_root, 'CMakeLists.txt')) as f:
        kdlg_version = re.search(r'project\(kdlg-opt VERSION ([0-9.]+)', f.read()).group(1)

python = sys.executable or 'python3'
plancheck = os.path.join(config.test_source_root, 'plancheck.py')
exitcode = os.path.join(config.test_source_root, 'exitcode.py')

# lit applies config substitutions in order and before its own %s/%p/%t,
# so %plancheck is never read as %p + 'lancheck'.
config.substitutions.append(('%kdlg-calibrate', kdlg_calibrate))
# %kdlg-opt-provisional: kdlg-opt with the hand-derived provisional model (AoS up
# to 16 B, SoA above).  The analysis tests' plan expectations use it, so they
# test the KDLG, the partition and the plan, not the calibrated tree, which
# changes whenever the device is recalibrated.  Longer name first (see above).
config.substitutions.append(('%kdlg-opt-provisional', '"%s" --device-model "%s"' % (
    kdlg_opt, os.path.join(repo_root, 'runtime', 'models', 'provisional.json'))))
config.substitutions.append(('%kdlg-opt', kdlg_opt))
config.substitutions.append(('%nvcc-path', nvcc))  # (before %nvcc, its prefix)
config.substitutions.append(('%nvcc', '"%s" -std=c++17 -arch=sm_90 -I "%s"' % (
    nvcc, os.path.join(repo_root, 'runtime'))))
# %host-cxx: the host compiler a CUDA program's .cpp files are built with (g++,
# warnings as errors), over the toolkit's and the runtime's headers
cuda_include = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), 'include')
host_cxx = shutil.which('g++') or shutil.which('c++') or 'c++'
config.substitutions.append(('%host-cxx', '"%s" -std=c++17 -Wall -Werror -isystem "%s" -I "%s"' % (
    host_cxx, cuda_include, os.path.join(repo_root, 'runtime'))))
config.substitutions.append(('%clang-cl', '"%s" -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only' % clang_cl))
config.substitutions.append(('%plancheck', '"%s" "%s"' % (python, plancheck)))
config.substitutions.append(('%exitcode', '"%s" "%s"' % (python, exitcode)))
config.substitutions.append(('%python', '"%s"' % python))
config.substitutions.append(('%cmake', '"%s"' % cmake))
config.substitutions.append(('%version', kdlg_version))
config.substitutions.append(('%inputs', os.path.join(config.test_source_root, 'Inputs')))
config.substitutions.append(('%runtime', os.path.join(repo_root, 'runtime')))
config.substitutions.append(('%models', os.path.join(repo_root, 'runtime', 'models')))
config.substitutions.append(('%benchmarks', os.path.join(repo_root, 'benchmarks')))
config.substitutions.append((r'\bFileCheck\b', filecheck))

# Keep the tool's messages stable.
config.environment['LC_ALL'] = 'C'

# Tests that need the CUDA toolkit (its headers, for kdlg-opt's parse:
# analysis/toolkit.h) say `REQUIRES: cuda-toolkit`.
if os.path.exists(nvcc):
    config.available_features.add('cuda-toolkit')

# Tests of CUDA programs that use OpenMP in their host code need clang's
# omp.h (LLVM's OpenMP runtime; Debian: libomp-22-dev, which
# scripts/install-deps.sh installs) and say `REQUIRES: clang-omp-header`.
try:
    resource_dir = subprocess.run([clang_cl, '-print-resource-dir'], capture_output=True, text=True,
                                  timeout=60).stdout.strip()
except (OSError, subprocess.SubprocessError):
    resource_dir = ''
if resource_dir and os.path.exists(os.path.join(resource_dir, 'include', 'omp.h')):
    config.available_features.add('clang-omp-header')
