"""Parsing of the `kdlg-bench` lines every benchmark prints
(benchmarks/CONTRACT.md) and the verdict of one run."""

import math

REQUIRED = ("name", "elements", "bytes", "kernel_ms", "e2e_ms", "reps", "checksum", "verify")
NUMERIC = {"elements": int, "bytes": int, "reps": int, "kernel_ms": float,
           "e2e_ms": float, "checksum": float, "max_rel_err": float}


def parse(stdout):
    """{key: value} of every `kdlg-bench key=value ...` token (later lines
    win), with numbers converted; plus '_problems': [text] for malformed
    tokens or values and '_verify_text' (the rest of the verify line)."""
    d = {"_problems": []}
    for raw in stdout.splitlines():
        toks = raw.split()
        if not toks or toks[0] != "kdlg-bench":
            continue
        toks = toks[1:]
        if toks and toks[0].startswith("verify="):
            d["_verify_text"] = " ".join(toks)
        for tok in toks:
            if "=" not in tok:
                # free text after verify=FAILED is allowed; elsewhere odd
                if "verify" not in d:
                    d["_problems"].append("token without '=': %r" % tok)
                continue
            k, v = tok.split("=", 1)
            if k in NUMERIC:
                try:
                    val = NUMERIC[k](v)
                    if isinstance(val, float) and not math.isfinite(val) and k != "checksum":
                        raise ValueError
                    d[k] = val
                except ValueError:
                    d["_problems"].append("bad %s=%r" % (k, v))
            else:
                d[k] = v
    return d


def verdict(rc, stdout, timed_out=False, expect_verify=True):
    """(status, detail, parsed) of one run.

    status: ok (verify=PASSED), unverified (verify=SKIPPED, run with
    --no-verify), verify-failed, run-failed (exit status != 0 without a
    verification failure: a CUDA error, a crash), bad-output (exit 0 but a
    kdlg-bench line is missing or malformed), timeout."""
    p = parse(stdout)
    if timed_out:
        return "timeout", "killed after the time limit", p
    v = p.get("verify")
    if v is not None and v.upper().startswith("FAILED"):
        return "verify-failed", p.get("_verify_text", "verify=FAILED"), p
    if rc != 0:
        what = "killed by signal %d" % -rc if rc < 0 else "exit status %d" % rc
        return "run-failed", what, p
    missing = [k for k in REQUIRED if k not in p]
    if missing or p["_problems"]:
        parts = []
        if missing:
            parts.append("missing " + ", ".join(missing))
        parts.extend(p["_problems"])
        return "bad-output", "; ".join(parts), p
    if v == "PASSED":
        if expect_verify is False:
            return "ok", "verified although --no-verify was given", p
        return "ok", "", p
    if v == "SKIPPED":
        if expect_verify:
            return "bad-output", "verify=SKIPPED without --no-verify", p
        return "unverified", "", p
    return "bad-output", "unknown verify=%s" % v, p
