"""`benchmarks/run report`: results.csv + meta.json -> results.md and
fig5.png (the paper's Fig. 5: speed-up over AoS per variant), with the
device, driver, nvcc version and date, and the published figures beside ours
(suite.json's "published").  Python stdlib for the Markdown; matplotlib only
for the PNG (skipped, and said so, when it is missing)."""

import csv
import os
import re

from common import load_json, log, write_atomic

STRUCT_VARIANTS = ("soa", "split", "tiled", "auto", "oracle")
NOISE = 0.02  # speed-ups within 2 % of 1.0 are "within noise"


def num(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def load_rows(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        for k in ("kernel_ms", "e2e_ms", "checksum", "max_rel_err", "checksum_rel_diff", "wall_s", "timed_s"):
            r[k] = num(r.get(k))
    return rows


class Bench:
    """The rows of one benchmark, by variant (main/ref/oracle-best rows)."""

    def __init__(self, name, rows, meta):
        self.name = name
        self.rows = rows
        self.kind = rows[0]["kind"] if rows else meta.get("kind", "struct")
        self.meta = meta
        self.by = {}
        for r in rows:
            if r["role"] in ("main", "ref", "oracle-best"):
                self.by[r["variant"]] = r
        self.base = self.by.get("aos" if self.kind == "struct" else "orig")

    def ok(self, v):
        r = self.by.get(v)
        return r is not None and r["status"] == "ok" and r["kernel_ms"] is not None

    def speedup(self, v, col="kernel_ms"):
        r = self.by.get(v)
        if not (self.base and self.ok(v) and self.base["status"] == "ok"):
            return None
        a, b = self.base.get(col), r.get(col)
        if a is None or not b:
            return None
        return a / b

    def cell(self, v, col="kernel_ms"):
        r = self.by.get(v)
        if r is None:
            return "—"
        if r["status"] not in ("ok",):
            return r["status"]
        s = self.speedup(v, col)
        return "—" if s is None else "%.2f" % s


def f2(x, fmt="%.2f"):
    return "—" if x is None else fmt % x


def short_nvcc(text):
    """'Cuda compilation tools, release 13.0, V13.0.88 / Build ...' -> 'nvcc 13.0 (V13.0.88)'."""
    m = re.search(r"release ([\d.]+), (V[\d.]+)", text or "")
    return "nvcc %s (%s)" % m.groups() if m else (text or "nvcc ?")


def md_escape(s):
    return (s or "").replace("|", "\\|").replace("\n", " ")


def goal_auto_vs_aos(b, col):
    s = b.speedup("auto", col)
    if s is None:
        return "—" if b.by.get("auto") is None else "missed (auto %s)" % b.by["auto"]["status"]
    if s >= 1.0:
        return "met (%.2f)" % s
    if s >= 1.0 - NOISE:
        return "within noise (%.2f)" % s
    return "**missed** (%.2f)" % s


def goal_oracle(b):
    if not (b.ok("auto") and b.ok("oracle")):
        return "—"
    ratio = b.by["oracle"]["kernel_ms"] / b.by["auto"]["kernel_ms"]
    return ("met (%.3f)" if ratio >= 0.97 else "**missed** (%.3f)") % ratio


def goal_verify(b):
    bad = []
    for r in b.rows:
        if r["role"] not in ("main", "ref", "oracle-verify"):
            continue
        if r["status"] != "ok":
            bad.append("%s: %s" % (r["variant"], r["status"]))
    return "met" if not bad else "**missed** (%s)" % ", ".join(bad)


def report(args, suite):
    d = os.path.abspath(args.out or os.path.join(args.work, "results"))
    csv_path = os.path.join(d, "results.csv")
    if not os.path.exists(csv_path):
        raise SystemExit("%s not found: run `benchmarks/run measure` first" % csv_path)
    rows = load_rows(csv_path)
    meta = load_json(os.path.join(d, "meta.json")) if os.path.exists(os.path.join(d, "meta.json")) else {}
    bmeta = meta.get("benchmarks", {})
    names = list(dict.fromkeys(r["benchmark"] for r in rows))
    if args.only:
        want = {w for part in args.only for w in part.split(",") if w}
        names = [n for n in names if n in want]
    benches = [Bench(n, [r for r in rows if r["benchmark"] == n], bmeta.get(n, {})) for n in names]
    md = render_md(benches, meta, suite)
    write_atomic(os.path.join(d, "results.md"), md)
    log("wrote %s" % os.path.join(d, "results.md"))
    png = os.path.join(d, "fig5.png")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        log("matplotlib is not installed: fig5.png not written (the Markdown report is complete without it)")
        return 0
    plot(benches, meta, png)
    log("wrote %s" % png)
    return 0


def render_md(benches, meta, suite):
    L = []
    dev = meta.get("device", "unknown device")
    L.append("# kdlg-opt benchmarks on %s" % dev)
    L.append("")
    L.append("%s, driver %s, %s, %s. kdlg-opt %s (commit %s), device model `%s`%s." % (
        dev, meta.get("driver", "?"), short_nvcc(meta.get("nvcc")), meta.get("date", "date ?"),
        (meta.get("kdlg_opt_version") or "?").splitlines()[0].replace("kdlg-opt ", ""),
        meta.get("git_commit") or "?", meta.get("device_model") or "?",
        " (provisional, not calibrated)" if meta.get("model_provisional") else ""))
    L.append("")
    L.append("Each figure is the median of %s repetitions after one warm-up, as the program prints it: "
             "**kernel** = first kernel launch to last kernel end, **end-to-end** = host-to-device copy start "
             "to device-to-host copy end (kdlg-opt's layout conversion on the GPU included). "
             "Speed-up = AoS time / variant time. Arguments: %s. Runs: %s; measure took %s s of a %s s budget." % (
                 meta.get("reps", "?"), "quick (--quick)" if meta.get("quick") else "the programs' defaults unless listed",
                 meta.get("overlap", "?"), meta.get("measure_s", "?"), f2(num(meta.get("budget_s")), "%.0f")))
    L.append("")
    L.append("`= x` marks a variant with the same memory layout as variant x: built and measured once. "
             "Oracle: the fastest verified variant over the search described per benchmark; its time is that "
             "of a separate verified re-run.")
    L.append("")
    sb = [b for b in benches if b.kind == "struct"]
    ab = [b for b in benches if b.kind != "struct"]
    if sb:
        L.append("## Struct benchmarks (the paper's Fig. 5)")
        L.append("")
        L.append("Speed-up over AoS, kernel time (end-to-end in parentheses):")
        L.append("")
        L.append("| benchmark | AoS kernel ms | soa | split | tiled | auto | oracle | auto / oracle (speed) | auto's layout |")
        L.append("|---|---:|---:|---:|---:|---:|---:|---:|---|")
        for b in sb:
            cells = []
            for v in STRUCT_VARIANTS:
                r = b.by.get(v)
                c = "%s (%s)" % (b.cell(v), b.cell(v, "e2e_ms")) if r is not None and r["status"] == "ok" else b.cell(v)
                if r is not None and r.get("same_as") and v != "oracle":
                    c += " = %s" % r["same_as"]
                cells.append(c)
            ratio = "—"
            if b.ok("auto") and b.ok("oracle"):
                ratio = "%.3f" % (b.by["oracle"]["kernel_ms"] / b.by["auto"]["kernel_ms"])
            base = f2(b.base["kernel_ms"], "%.3f") if b.base and b.base["status"] == "ok" else (b.base["status"] if b.base else "—")
            L.append("| %s | %s | %s | %s | %s |" % (b.name, base, " | ".join(cells), ratio,
                                                    md_escape(b.by["auto"]["plan"] if "auto" in b.by else "")))
        L.append("")
        L.append("### Goals")
        L.append("")
        L.append("| benchmark | every variant verifies | auto ≥ AoS (kernel) | auto ≥ AoS (end-to-end) | auto ≥ 0.97 × oracle (kernel) |")
        L.append("|---|---|---|---|---|")
        for b in sb:
            L.append("| %s | %s | %s | %s | %s |" % (b.name, goal_verify(b), goal_auto_vs_aos(b, "kernel_ms"),
                                                  goal_auto_vs_aos(b, "e2e_ms"), goal_oracle(b)))
        L.append("")
        L.append("\"within noise\": less than %d %% below 1.0." % int(NOISE * 100))
        L.append("")
        for b in sb:
            L.extend(detail_struct(b))
    if ab:
        L.append("## Plain-array benchmarks")
        L.append("")
        L.append("kdlg-opt does not transform plain arrays (yet): its output is shown as it is, beside the "
                 "hand-optimized reference layout.")
        L.append("")
        L.append("| benchmark | original kernel ms | kdlg-opt's output: speed-up (kernel / e2e) | reference | reference speed-up (kernel / e2e) | kdlg-opt says |")
        L.append("|---|---:|---|---|---|---|")
        for b in ab:
            refs = [v for v in b.by if v.startswith("ref:")]
            auto = b.by.get("auto")
            note = md_escape((auto or {}).get("detail", ""))
            ac = "%s / %s" % (b.cell("auto"), b.cell("auto", "e2e_ms")) if auto is not None and auto["status"] == "ok" else b.cell("auto")
            if auto is not None and auto.get("same_as"):
                ac += " (= %s)" % auto["same_as"]
            base = f2(b.base["kernel_ms"], "%.3f") if b.base and b.base["status"] == "ok" else (b.base["status"] if b.base else "—")
            if not refs:
                refs = [None]
            for i, rv in enumerate(refs):
                rc = "—" if rv is None else ("%s / %s" % (b.cell(rv), b.cell(rv, "e2e_ms")) if b.by[rv]["status"] == "ok" else b.by[rv]["status"])
                L.append("| %s | %s | %s | %s | %s | %s |" % (
                    b.name if i == 0 else "", base if i == 0 else "", ac if i == 0 else "",
                    md_escape(rv[4:] if rv else "—"), rc, note if i == 0 else ""))
        L.append("")
        for b in ab:
            L.extend(detail_table(b, "### %s" % b.name))
    L.extend(published(benches, suite))
    L.append("## Figure")
    L.append("")
    L.append("![Speed-up over AoS](fig5.png)")
    L.append("")
    return "\n".join(L) + "\n"


def detail_table(b, title):
    L = [title, ""]
    m = b.meta
    if m.get("struct"):
        L.append("struct `%s`: fields %s." % (m["struct"], ", ".join(m.get("fields") or [])))
    base = b.base
    if base is not None and base.get("elements"):
        L.append("%s elements, %s bytes of %s on the device; arguments `%s`." % (
            base.get("elements"), base.get("bytes"), "struct data" if b.kind == "struct" else "arrays",
            base.get("args") or "(defaults)"))
    for n in m.get("notes") or []:
        L.append("Note: %s." % n.rstrip("."))
    L.append("")
    L.append("| variant | layout | kernel ms | end-to-end ms | speed-up kernel | speed-up e2e | status | checksum Δ | note |")
    L.append("|---|---|---:|---:|---:|---:|---|---:|---|")
    for r in b.rows:
        if r["role"] not in ("main", "ref", "oracle-best"):
            continue
        v = r["variant"]
        L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            v, md_escape(r.get("plan")), f2(r["kernel_ms"], "%.3f"), f2(r["e2e_ms"], "%.3f"),
            f2(b.speedup(v)), f2(b.speedup(v, "e2e_ms")), r["status"],
            f2(r.get("checksum_rel_diff"), "%.1e"), md_escape(r.get("detail"))))
    L.append("")
    return L


def detail_struct(b):
    L = detail_table(b, "### %s" % b.name)
    o = b.meta.get("oracle") or {}
    cands = [r for r in b.rows if r["role"] == "oracle"]
    if o:
        meas = [r for r in cands if r["status"] in ("ok", "unverified")]
        L.append("Oracle: %s search over %d layouts (partitions × %s per cluster, equivalent layouts once); "
                 "%d candidates planned besides the main variants (%d measured, %d left out for the time budget)." % (
                     o.get("mode"), o.get("space", 0), "{%s}" % ", ".join(str(t) for t in o.get("tiles", [])),
                     o.get("planned", 0), len(meas), o.get("left_out_for_time", 0)))
        best = b.by.get("oracle")
        if best is not None and best["status"] == "ok":
            L.append("Best: %s (%s), %.3f ms kernel." % (best.get("same_as"), md_escape(best.get("plan")), best["kernel_ms"]))
        fails = [r for r in cands if r["status"] not in ("ok", "unverified", "not-run")]
        if fails:
            L.append("Candidates that failed: %s." % ", ".join("%s (%s)" % (r["variant"], r["status"]) for r in fails))
        if meas:
            meas.sort(key=lambda r: r["kernel_ms"] if r["kernel_ms"] is not None else 1e30)
            L.append("")
            L.append("| fastest candidates | layout | kernel ms | speed-up | verified re-run |")
            L.append("|---|---|---:|---:|---|")
            ver = {r["variant"]: r for r in b.rows if r["role"] == "oracle-verify"}
            for r in meas[:5]:
                vr = ver.get(r["variant"])
                vtxt = "—" if vr is None else ("%s, %s ms" % (vr["status"], f2(vr["kernel_ms"], "%.3f")))
                sp = (b.base["kernel_ms"] / r["kernel_ms"]) if (b.base and b.base["kernel_ms"] and r["kernel_ms"]) else None
                L.append("| %s | %s | %s | %s | %s |" % (r["variant"], md_escape(r.get("plan")), f2(r["kernel_ms"], "%.3f"),
                                                       f2(sp), vtxt))
        L.append("")
    return L


def published(benches, suite):
    pub = suite.get("published", [])
    if not pub:
        return []
    by = {b.name: b for b in benches}
    L = ["## Beside the published figures", "",
         "Ours: auto over AoS, kernel (end-to-end); for the plain-array programs the reference over the original. "
         "Published figures are on other GPUs and programs; the H200 column is the microbenchmark in "
         "docs/h200-layouts.md.", "",
         "| benchmark | ours | ours, best variant | published | source | H200 microbenchmark |",
         "|---|---|---|---|---|---|"]
    for p in pub:
        b = by.get(p["benchmark"])
        ours = best = "not measured"
        if b is not None:
            if b.kind == "struct":
                s, e = b.speedup("auto"), b.speedup("auto", "e2e_ms")
                ours = "—" if s is None else "%.2f× (%s)" % (s, f2(e))
                cand = [(b.speedup(v), v) for v in STRUCT_VARIANTS if b.speedup(v) is not None]
            else:
                refs = [v for v in b.by if v.startswith("ref:")]
                s = b.speedup(refs[0]) if refs else None
                e = b.speedup(refs[0], "e2e_ms") if refs else None
                ours = "reference %s" % ("—" if s is None else "%.2f× (%s)" % (s, f2(e)))
                if b.speedup("auto") is not None:
                    ours += "; kdlg-opt %.2f×" % b.speedup("auto")
                cand = [(b.speedup(v), v) for v in b.by if b.speedup(v) is not None and v not in ("orig", "aos")]
            if cand:
                s, v = max(cand)
                best = "%.2f× (%s)" % (s, v)
            else:
                best = "—"
        L.append("| %s | %s | %s | %s | %s | %s |" % (p["benchmark"], ours, best, md_escape(p["figure"]),
                                                     md_escape(p["source"]), md_escape(p.get("h200", ""))))
    L.append("")
    return L


def plot(benches, meta, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    colors = {"soa": "#4C72B0", "split": "#55A868", "tiled": "#C44E52", "auto": "#8172B2",
              "oracle": "#CCB974", "kdlg-opt": "#8172B2", "reference": "#64B5CD"}
    groups = []
    for b in benches:
        if b.kind == "struct":
            groups.append((b, [(v, v) for v in STRUCT_VARIANTS]))
        else:
            refs = [v for v in b.by if v.startswith("ref:")]
            groups.append((b, [("auto", "kdlg-opt")] + [(r, "reference") for r in refs]))
    fig, axes = plt.subplots(2, 1, figsize=(max(8, 1.6 * len(groups) + 2), 8), sharex=True)
    width = 0.16
    for ax, col, title in ((axes[0], "kernel_ms", "kernel time"), (axes[1], "e2e_ms", "end-to-end (conversion included)")):
        xt, xl = [], []
        for gi, (b, vs) in enumerate(groups):
            n = len(vs)
            for i, (v, lab) in enumerate(vs):
                x = gi + (i - (n - 1) / 2) * width
                s = b.speedup(v, col)
                r = b.by.get(v)
                if s is None:
                    ax.text(x, 0.05, "×" if r is not None and r["status"] not in ("not-run",) else "",
                            ha="center", va="bottom", fontsize=8, color="red")
                    continue
                alias = r is not None and r.get("same_as") and v != "oracle"
                ax.bar(x, s, width * 0.95, color=colors[lab], hatch="//" if alias else None, edgecolor="white")
                ax.text(x, s, "%.2f" % s, ha="center", va="bottom", fontsize=6, rotation=90)
            xt.append(gi)
            xl.append(b.name)
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_ylabel("speed-up over AoS")
        ax.set_title(title, fontsize=10)
        ax.set_xticks(xt)
        ax.set_xticklabels(xl)
        used = list(dict.fromkeys(lab for _, vs in groups for _, lab in vs))
        handles = [Patch(facecolor=colors[lab], label=lab) for lab in used]
        handles.append(Patch(facecolor="white", edgecolor="grey", hatch="//", label="= another variant"))
        ax.legend(handles=handles, fontsize=7, ncol=len(handles), loc="upper left")
        ax.set_ylim(0, max([b.speedup(v, col) or 1 for b, vs in groups for v, _ in vs] + [1.2]) * 1.25)
    fig.suptitle("kdlg-opt: speed-up over AoS on %s (driver %s, %s, %s)%s" % (
        meta.get("device", "?"), meta.get("driver", "?"), short_nvcc(meta.get("nvcc")),
        meta.get("date", "?"), " — quick sizes" if meta.get("quick") else ""), fontsize=9)
    fig.text(0.01, 0.005, "hatched: same layout as another variant (measured once); ×: failed. "
             "Plain-array programs: kdlg-opt's output and the hand-optimized reference over the original.", fontsize=7)
    fig.tight_layout(rect=(0, 0.02, 1, 0.97))
    fig.savefig(path, dpi=150)
