#!/usr/bin/env python3
"""Runs LLVM's lit (the pip package) with the given arguments.

ctest calls this instead of a `lit` executable so that the test does not
depend on where pip put its scripts; it exits with lit's status."""
import sys

import lit.main

sys.exit(lit.main.main())
