# -*- Python -*-
# lit configuration for the kdlg-opt command-line tests.
#
# CMake runs:
#   lit -sv --param kdlg_opt=<build>/kdlg-opt --param filecheck=<FileCheck> testsuite/lit
# Run by hand from the repository root with `lit -sv testsuite/lit`; the
# parameters then default to <repo>/build/kdlg-opt and LLVM 19's FileCheck.
import os
import shutil
import sys

import lit.formats

config.name = 'kdlg-opt'
config.suffixes = ['.cu', '.cl', '.test']
# RUN lines run in /bin/sh so that `; echo "exit=$?"`, pipes and `||` work.
config.test_format = lit.formats.ShTest(execute_external=True)
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.test_source_root, 'Output')
# Helper inputs that are not tests themselves.
config.excludes = ['Inputs', 'Output', 'lit.cfg.py', 'plancheck.py']

repo_root = os.path.dirname(os.path.dirname(config.test_source_root))

kdlg_opt = lit_config.params.get('kdlg_opt',
                                 os.path.join(repo_root, 'build', 'kdlg-opt'))
filecheck = lit_config.params.get('filecheck', '/usr/lib/llvm-19/bin/FileCheck')
if not os.path.exists(filecheck):
    filecheck = shutil.which('FileCheck') or shutil.which('FileCheck-19') or filecheck
if not os.path.exists(kdlg_opt):
    lit_config.fatal('kdlg-opt not found at %s (pass --param kdlg_opt=PATH)' % kdlg_opt)

python = sys.executable or 'python3'
plancheck = os.path.join(config.test_source_root, 'plancheck.py')

# Longest names first: lit applies substitutions in order.
config.substitutions.append(('%kdlg-opt', kdlg_opt))
config.substitutions.append(('%plancheck', '"%s" "%s"' % (python, plancheck)))
config.substitutions.append(('%inputs', os.path.join(config.test_source_root, 'Inputs')))
config.substitutions.append(('%benchmarks', os.path.join(repo_root, 'benchmarks')))
config.substitutions.append(('FileCheck', filecheck))

# Keep the tool's messages stable.
config.environment['LC_ALL'] = 'C'
