"""Shared helpers of benchmarks/run: paths, the suite table, JSON I/O."""

import json
import os
import sys
import tempfile

HARNESS = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HARNESS)
ROOT = os.path.dirname(BENCH)
DEFAULT_SUITE = os.path.join(BENCH, "suite.json")
DEFAULT_WORK = os.path.join(BENCH, "work")
MANIFEST = "manifest.json"


def rel(path):
    """path relative to the repository root (how the manifest names files)."""
    return os.path.relpath(os.path.abspath(path), ROOT)


def absroot(path):
    return path if os.path.isabs(path) else os.path.join(ROOT, path)


def load_json(path):
    with open(path) as f:
        return json.load(f)


def write_atomic(path, text):
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def write_json(path, obj):
    write_atomic(path, json.dumps(obj, indent=2) + "\n")


def load_suite(path=DEFAULT_SUITE):
    s = load_json(path)
    if s.get("format") != "kdlg-bench-suite":
        raise SystemExit("%s: not a kdlg-bench-suite file" % path)
    names = [b["name"] for b in s["benchmarks"]]
    if len(set(names)) != len(names):
        raise SystemExit("%s: duplicate benchmark names" % path)
    return s


def select(benchmarks, only):
    """The benchmarks named in only ('a,b' or None: all), in suite order;
    an unknown name is an error."""
    if not only:
        return list(benchmarks)
    want = [w for part in only for w in part.split(",") if w]
    known = {b["name"] for b in benchmarks}
    bad = [w for w in want if w not in known]
    if bad:
        raise SystemExit("unknown benchmark(s): %s (known: %s)" % (", ".join(bad), ", ".join(sorted(known))))
    return [b for b in benchmarks if b["name"] in want]


def log(*a):
    print(*a, flush=True)


def warn(*a):
    print(*a, file=sys.stderr, flush=True)
