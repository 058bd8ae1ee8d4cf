"""`benchmarks/run prepare`: runs kdlg-opt (this machine: it needs libclang)
and writes every variant's source, its plan and manifest.json into the work
directory, which then travels to the GPU machine for `measure`.

Struct benchmarks, the paper's five variants (Fig. 5) and the oracle:
  aos    the original source itself (the baseline)
  soa    kdlg-opt --layout soa
  split  kdlg-opt --layout split (the KDLG clusters, each AoS)
  tiled  kdlg-opt --plan-in: each struct one cluster of all its fields, laid
         out as the device model's tree says for σ of the whole struct (if the
         tree says aos or soa, the variant is that one, and the report says so)
  auto   kdlg-opt (the combined algorithm)
  oNNN   oracle candidates (plans for --plan-in; see oracle_candidates)
Plain-array benchmarks: orig (the source), auto (kdlg-opt's output, which is
the source unchanged when it finds no struct: then measured once, as orig),
and the hand-optimized references.

Variants with the same memory layout (partitions.canonical) share one build
and one run (`same_as`).
"""

import atexit
import hashlib
import json
import os
import shutil
import tempfile
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import partitions as P
import plans as PL
from common import ROOT, MANIFEST, absroot, load_json, log, rel, warn, write_atomic, write_json

MAIN_VARIANTS = ("aos", "soa", "split", "tiled", "auto")


def kdlg_version(kdlg):
    try:
        p = subprocess.run([kdlg, "--version"], capture_output=True, text=True, timeout=60)
        return p.stdout.strip()
    except OSError as e:
        raise SystemExit("cannot run kdlg-opt (%s): %s; build it (cmake --build build) or pass --kdlg-opt" % (kdlg, e))


def run_kdlg(ctx, src, out_cu, plan_out, layout=None, plan_in=None):
    """kdlg-opt SRC [-o OUT] --emit-plan PLAN [--layout L | --plan-in F]
    (out_cu None: the plan alone, nothing rewritten); returns (exit status,
    stderr+stdout)."""
    cmd = [ctx.kdlg, rel(src)] + (["-o", rel(out_cu)] if out_cu else []) + ["--emit-plan", rel(plan_out)]
    if layout:
        cmd += ["--layout", layout]
    if plan_in:
        cmd += ["--plan-in", rel(plan_in)]
    if ctx.model:
        cmd += ["--device-model", ctx.model]
    if ctx.bench.get("kdlg_opt_args"):
        cmd += ["--"] + list(ctx.bench["kdlg_opt_args"])
    try:
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        return 127, "cannot run kdlg-opt: %s" % e, cmd
    return p.returncode, (p.stderr + p.stdout).strip(), cmd


class Ctx:
    pass


def cluster_phi(ctx, struct, blocks):
    """φ (used_permille) of each block of fields of `struct`, as kdlg-opt
    computes it for a plan with those clusters: {tuple(block): φ}.  One
    kdlg-opt run with --plan-in and --emit-plan, no output (the layouts do not matter)."""
    # a name that depends only on the blocks (Python's hash() of strings changes from run to run)
    tag = "phi-%s-%s" % (struct, hashlib.sha1(json.dumps([list(b) for b in blocks]).encode()).hexdigest()[:10])
    pin = os.path.join(ctx.bdir, tag + ".in.json")
    pout = os.path.join(ctx.bdir, tag + ".plan.json")
    write_atomic(pin, PL.dump_plan(PL.plan_json([(struct, [(tuple(b), "aos", 1) for b in blocks])], "φ probe")))
    rc, msg, cmd = run_kdlg(ctx, ctx.src, None, pout, plan_in=pin)
    if rc != 0:
        raise SystemExit("%s: kdlg-opt failed on the φ probe (%s): %s" % (ctx.name, " ".join(cmd), msg))
    plan = load_json(pout)
    for s in plan["structs"]:
        if s["name"] == struct:
            return {tuple(c["fields"]): c["used_permille"] for c in s["clusters"]}
    raise SystemExit("%s: struct %s missing from the φ probe's plan" % (ctx.name, struct))


def key_str(key):
    return json.dumps(key)


def effective_layouts(plan, out_text, msgs):
    """[(struct, clusters)] that a kdlg-opt output really has: the plan's
    clusters for a struct the header says was rewritten, one AoS cluster of
    every field otherwise; plus {struct: order}."""
    outcomes = PL.header_outcomes(out_text)
    layouts, orders = [], {}
    for s in plan.get("structs", []):
        name = s["name"]
        order = [f["name"] for f in s["fields"]]
        orders[name] = order
        if outcomes.get(name) == "rewritten":
            layouts.append((name, PL.plan_clusters(s)))
        else:
            layouts.append((name, ((tuple(order), "aos", 1),)))
    return layouts, orders


def rewrite_remarks(msgs):
    return [m for m in PL.remarks(msgs) if m[2] == "kdlg-rewrite"]


def make_variant(ctx, name, how, layout=None, plan_in=None, role="main"):
    """Runs kdlg-opt for one variant; returns the variant record."""
    d = ctx.bdir if role == "main" else os.path.join(ctx.bdir, "oracle")
    out_cu = os.path.join(d, name + ".cu")
    plan_out = os.path.join(d, name + ".plan.json")
    rc, msgs, cmd = run_kdlg(ctx, ctx.src, out_cu, plan_out, layout=layout, plan_in=plan_in)
    v = {"name": name, "role": role, "how": how, "command": " ".join(cmd[1:])}
    if msgs:
        write_atomic(os.path.join(d, name + ".remarks"), msgs + "\n")
    if rc != 0 or not os.path.exists(out_cu):
        v.update(status="kdlg-opt-failed",
                 detail="kdlg-opt exited %d: %s" % (rc, (msgs.splitlines() or [""])[-1]))
        return v
    with open(out_cu) as f:
        out_text = f.read()
    plan = load_json(plan_out)
    layouts, orders = effective_layouts(plan, out_text, msgs)
    v["remarks"] = ["%s: %s [%s]" % m for m in PL.remarks(msgs)]
    kept = rewrite_remarks(msgs)
    v["key"] = PL.program_key(layouts, orders)
    v["label"] = PL.key_label(v["key"], ctx.focus) if ctx.focus else PL.key_label(v["key"])
    v["plan"] = rel(plan_out)
    v["status"] = "ok"
    if PL.same_code(out_text, ctx.src_text):
        v["source"] = rel(ctx.src)  # kdlg-opt changed nothing: the original's code
        v["same_code_as_original"] = True
    else:
        v["source"] = rel(out_cu)
    if kept:
        v["note"] = "kdlg-opt keeps AoS: " + kept[0][1]
    return v


def assign_builds(ctx, variants):
    """Gives each variant a build, or same_as an earlier variant with the
    same memory layout."""
    by_key = {}
    for v in variants:
        if v.get("status") != "ok":
            continue
        k = key_str(v["key"])
        if k in by_key:
            v["same_as"] = by_key[k]["name"]
            continue
        by_key[k] = v
        bid = "%s.%s" % (ctx.name, v["name"])
        v["build"] = bid
        ctx.builds.append({"id": bid, "benchmark": ctx.name, "source": v["source"],
                           "includes": ["runtime", rel(os.path.dirname(ctx.src))],
                           "bin": "bin/%s" % bid})
    return by_key


def prepare_struct(ctx):
    b = ctx.bench
    variants = []
    # aos: the original source; its key comes from the auto plan's structs
    auto = make_variant(ctx, "auto", "kdlg-opt (default: the combined algorithm)")
    if auto["status"] != "ok":
        ctx.rec["status"] = "kdlg-opt-failed"
        ctx.rec["detail"] = auto["detail"]
        variants.append(auto)
        return variants
    auto_plan = load_json(absroot(auto["plan"]))
    names = [s["name"] for s in auto_plan["structs"]]
    if not names:
        ctx.rec["status"] = "no-struct"
        ctx.rec["detail"] = "kdlg-opt found no struct to optimize: " + "; ".join(auto.get("remarks", []))
        variants.append(auto)
        return variants
    focus = b.get("struct") or names[0]
    if focus not in names:
        raise SystemExit("%s: struct %s (suite.json) is not in kdlg-opt's plan (%s)" % (ctx.name, focus, ", ".join(names)))
    ctx.focus = focus
    if len(names) > 1 and not b.get("struct"):
        ctx.rec["notes"].append("several structs (%s): the oracle varies %s (the first); name one with \"struct\" in suite.json" % (", ".join(names), focus))
    fname, order, sizes, edges, auto_clusters = PL.struct_info(auto_plan, focus)
    aligns = {f["name"]: f.get("align", 1) for s in auto_plan["structs"] if s["name"] == focus for f in s["fields"]}
    ctx.rec.update(struct=focus, fields=order, field_bytes=sizes, field_align=aligns, edges=[list(e) for e in edges],
                   structs=names)
    ctx.orders = {s["name"]: [f["name"] for f in s["fields"]] for s in auto_plan["structs"]}
    ctx.struct_bytes = {s["name"]: sum(f["bytes"] for f in s["fields"]) for s in auto_plan["structs"]}

    # the model's tree (for the tiled variant); it must agree with kdlg-opt's
    # choices in the auto plan, else the model file is not the one kdlg-opt used
    model = PL.load_model(ctx.model_file)
    for s in auto_plan["structs"]:
        if s.get("uniform"):  # kdlg-opt's uniform rule kept it in one AoS cluster, whatever the tree says
            ctx.rec["notes"].append("%s: %s" % (s["name"], s.get("note", "uniform")))
            continue
        for c in s["clusters"]:
            fsz = {f["name"]: f["bytes"] for f in s["fields"]}
            want = PL.tree_choice(model["tree"], c["bytes"], min(fsz[f] for f in c["fields"]), c["used_permille"])
            got = (c["layout"], 1 if c["layout"] == "aos" else c.get("tile"))
            if (want[0], want[1]) != got:
                raise SystemExit("%s: the model %s gives %s for a %d-byte cluster, kdlg-opt chose %s: "
                                 "pass the model kdlg-opt uses (--device-model)" % (ctx.name, ctx.model_file, want, c["bytes"], got))

    aos = {"name": "aos", "role": "main", "how": "the original source", "status": "ok",
           "source": rel(ctx.src),
           "key": PL.program_key([(n, ((tuple(ctx.orders[n]), "aos", 1),)) for n in names], ctx.orders)}
    aos["label"] = "original AoS"
    variants.append(aos)
    variants.append(make_variant(ctx, "soa", "kdlg-opt --layout soa", layout="soa"))
    variants.append(make_variant(ctx, "split", "kdlg-opt --layout split", layout="split"))
    # tiled: the tree's choice for σ of each whole struct
    tiled_layouts, tnotes = [], []
    for n in names:
        sigma = ctx.struct_bytes[n]
        phi = cluster_phi(ctx, n, [ctx.orders[n]])[tuple(ctx.orders[n])]
        lay, tile = PL.tree_choice(model["tree"], sigma, min(f["bytes"] for s in auto_plan["structs"]
                                                             if s["name"] == n for f in s["fields"]), phi)
        tiled_layouts.append((n, ((tuple(ctx.orders[n]), lay, tile),)))
        what = "tiled-AoS t=%d" % tile if lay == "tiled" else lay
        tnotes.append("%s: the model gives %s for σ=%d B" % (n, what, sigma))
    tplan = os.path.join(ctx.bdir, "tiled.in.json")
    write_atomic(tplan, PL.dump_plan(PL.plan_json(tiled_layouts, "tiled: the model's layout for each whole struct")))
    tv = make_variant(ctx, "tiled", "kdlg-opt --plan-in tiled.in.json (%s)" % "; ".join(tnotes), plan_in=tplan)
    tv["model_choice"] = "; ".join(tnotes)
    variants.append(tv)
    variants.append(auto)
    auto["auto_clusters"] = [list(c[0]) for c in auto_clusters]

    for v in variants:
        if v.get("status") == "ok":
            v["label"] = PL.key_label(v["key"], focus)
            if v.get("plan"):
                fplan = load_json(absroot(v["plan"]))
                v["plan_label"] = P.label(PL.plan_clusters(next(s for s in fplan["structs"] if s["name"] == focus)), raw=True)
    if len(names) > 1:
        ctx.rec["notes"].append("variants apply to every struct (%s); the layout column shows %s; oracle candidates "
                                "vary %s and keep auto's layout for the others" % (", ".join(names), focus, focus))
    by_key = assign_builds(ctx, variants)
    for v in variants:
        if v.get("same_as"):
            why = {
                "tiled": "the model picks no tile for the whole struct (%s)" % v.get("model_choice", ""),
                "split": "ε-Kruskal's partition is %s, each cluster AoS" % v.get("plan_label", "?").replace(":aos", ""),
                "auto": "kdlg-opt's plan is %s" % v.get("plan_label", "?"),
            }.get(v["name"], "same memory layout")
            v["note"] = ("= %s: " % v["same_as"]) + why
        elif v["name"] == "auto" and v.get("status") == "ok":
            v["note"] = "kdlg-opt's plan: %s" % v.get("plan_label", "?")
    ctx.main_keys = {key_str(v["key"]): v["name"] for v in variants if v.get("status") == "ok"}
    ctx.auto_layouts = {n: cl for n, cl in json.loads(key_str(auto["key"]))}
    return variants


def oracle_wishlist(ctx, model, osuite):
    """The oracle's candidate layouts of the focus struct, in priority order,
    without the main variants' layouts; and the mode and space size.

    Exhaustive when the space (partitions x tile choices, canonical) has at
    most osuite['exhaustive_cap'] points; otherwise sampled:
      1. the whole struct as one cluster, each tile of the tile set;
      2. each ε-Kruskal merge level of the KDLG with the model's choice per cluster;
      3. each merge level with one choice of the tile set for every cluster;
      4. osuite['random'] seeded random partitions with random choices.
    """
    order = ctx.rec["fields"]
    tiles = tuple(osuite.get("tiles", P.TILE_SET))
    space = P.space_size(len(order), tiles)
    cap = int(ctx.bench.get("exhaustive_cap", osuite.get("exhaustive_cap", 64)))
    wish = []
    seen = set()

    def add(clusters, origin):
        # kdlg-opt's AoS: aligned where its rule raises the alignment (the
        # unaligned whole struct is the aos variant, the original)
        if origin != "original":
            clusters = P.with_vector_align(clusters, ctx.rec["field_bytes"], ctx.rec["field_align"])
        key = P.canonical(clusters, order)
        if key in seen:
            return
        seen.add(key)
        wish.append((key, origin))

    add(((tuple(order), "aos", 1),), "original")  # marks the AoS layout as seen
    add(((tuple(order), "soa", None),), "soa")
    for t in tiles:
        add((P.choice_to_cluster(order, t),), "one cluster, %s" % t)
    levels = P.merge_levels(order, [tuple(e) for e in ctx.rec["edges"]])
    for thr, blocks in levels:
        cl = []
        phi = cluster_phi(ctx, ctx.focus, blocks)
        for blk in blocks:
            sigma = sum(ctx.rec["field_bytes"][f] for f in blk)
            lay, tile = PL.tree_choice(model["tree"], sigma, min(ctx.rec["field_bytes"][f] for f in blk),
                                       phi[tuple(blk)])
            cl.append((tuple(blk), lay, tile))
        add(cl, "merge level δ<=%s, model" % thr)
    lvl = []
    for thr, blocks in levels:
        for t in tiles:
            lvl.append(([P.choice_to_cluster(blk, t) for blk in blocks], "merge level δ<=%s, %s" % (thr, t)))
    rnd = [(key, "random (seed %s)" % osuite.get("seed", 5))
           for key in P.random_layouts(order, int(osuite.get("random", 16)), int(osuite.get("seed", 5)), tiles)]
    if space <= cap:
        for c, o in lvl:
            add(c, o)
        for key in P.enumerate_space(order, tiles):
            add(key, "exhaustive")
        mode = "exhaustive"
    else:
        # levels x tiles and random layouts alternate, so a budget cut keeps both kinds
        for i in range(max(len(lvl), len(rnd))):
            for lst in (lvl, rnd):
                if i < len(lst):
                    add(*lst[i])
        mode = "sampled"
    # drop the main variants' layouts: they are measured as such
    out = []
    covered = []
    for key, origin in wish:
        full = [(n, key if n == ctx.focus else self_layout(ctx, n)) for n in ctx.rec["structs"]]
        pk = key_str(PL.program_key(full, ctx.orders))
        if pk in ctx.main_keys:
            covered.append(ctx.main_keys[pk])
            continue
        out.append((key, origin, full))
    return out, mode, space, cap, sorted(set(covered))


def self_layout(ctx, name):
    """The auto variant's (effective) clusters of a struct other than the focus."""
    c = ctx.auto_layouts[name]
    if c == ["original"]:
        return ((tuple(ctx.orders[name]), "aos", 1),)
    return tuple((tuple(f), lay, tile) for f, lay, tile in c)


def make_candidates(ctx, wish, count):
    """Plans and kdlg-opt outputs for the first `count` wished layouts."""
    odir = os.path.join(ctx.bdir, "oracle")
    os.makedirs(odir, exist_ok=True)
    jobs = []
    for i, (key, origin, full) in enumerate(wish[:count]):
        name = "o%03d" % (i + 1)
        pin = os.path.join(odir, name + ".in.json")
        write_atomic(pin, PL.dump_plan(PL.plan_json(full, "oracle candidate %s (%s)" % (name, origin))))
        jobs.append((name, origin, pin, key))

    def one(job):
        name, origin, pin, key = job
        v = make_variant(ctx, name, "oracle: " + origin, plan_in=pin, role="oracle")
        v["origin"] = origin
        if v.get("status") == "ok":
            want = P.canonical(key, ctx.rec["fields"])
            got = dict(v["key"]).get(ctx.focus)
            if got == ("original",):
                got_c = P.canonical(((tuple(ctx.rec["fields"]), "aos", 1),), ctx.rec["fields"])
            else:
                got_c = P.canonical(got, ctx.rec["fields"])
            if got_c != want:
                v["status"] = "kdlg-opt-failed"
                v["detail"] = "kdlg-opt did not apply the plan (%s)" % v.get("note", "different layout")
        return v

    with ThreadPoolExecutor(max_workers=ctx.jobs) as ex:
        cands = list(ex.map(one, jobs))
    assign_builds(ctx, cands)
    return cands


# ---- time estimates ----

def est_of(bench, suite, quick):
    d = dict(suite.get("defaults", {}).get("quick_est" if quick else "est", {}))
    d.update(bench.get("quick_est" if quick else "est", {}))
    return float(d.get("run_s", 10.0)), float(d.get("verify_s", 5.0))


OVERLAP = 0.5  # share of a verification assumed hidden behind the next run


def estimate(recs, suite, quick, ncands=None):
    """(serial seconds, overlapped seconds, lines) for a measure run:
    compile + runs; `measure` overlaps a program's verification with the
    next program's run, counted as hiding OVERLAP of each verification."""
    dflt = suite.get("defaults", {})
    compile_s = float(dflt.get("compile_s", 4.0))
    gpu_jobs = int(dflt.get("gpu_jobs", 16))
    lines = []
    total_builds = 0
    total = 0.0
    hidden = 0.0
    for r in recs:
        b = r["bench"]
        run_s, ver_s = est_of(b, suite, quick)
        nmain = sum(1 for v in r["variants"] if v.get("build"))
        nor = ncands.get(r["name"], 0) if ncands is not None else sum(1 for v in r.get("oracle_variants", []) if v.get("build"))
        rerun = 1 if nor else 0
        t = nmain * (run_s + ver_s) + nor * run_s + rerun * (run_s + ver_s)
        total_builds += nmain + nor
        total += t
        hidden += OVERLAP * ver_s * nmain
        lines.append("  %-13s %2d runs x %5.1f s (+%4.1f s verify) + %3d oracle x %5.1f s%s = %6.1f s" % (
            r["name"], nmain, run_s, ver_s, nor, run_s, " + 1 re-run" if rerun else "", t))
    comp = compile_s * total_builds / gpu_jobs
    lines.append("  compile       %d sources x %.1f s / %d jobs = %.1f s" % (total_builds, compile_s, gpu_jobs, comp))
    return total + comp, total + comp - hidden, lines


def allocate(wants, avail):
    """Water-filling: {name: (count wanted, seconds each)} and seconds
    available -> {name: count}, equal shares, unused shares passed on."""
    alloc = {n: 0 for n in wants}
    left = dict(wants)
    while left and avail > 1e-9:
        share = avail / len(left)
        done = [n for n, (c, s) in left.items() if c * s <= share]
        if not done:
            for n, (c, s) in left.items():
                alloc[n] = min(c, int(share // s)) if s > 0 else c
            break
        for n in done:
            c, s = left.pop(n)
            alloc[n] = c
            avail -= c * s
    return alloc


# ---- the phase ----

def prepare(args, suite, benches):
    kdlg = os.path.abspath(args.kdlg_opt)
    if not os.path.exists(kdlg):
        raise SystemExit("kdlg-opt not found at %s: build it (cmake --build build) or pass --kdlg-opt" % kdlg)
    # one binary for the whole phase, even if the build tree is rebuilt meanwhile
    snap = tempfile.NamedTemporaryFile(prefix="kdlg-opt-", delete=False)
    snap.close()
    shutil.copy2(kdlg, snap.name)
    atexit.register(os.unlink, snap.name)
    kdlg = snap.name
    version = kdlg_version(kdlg)
    work = os.path.abspath(args.work)
    if os.path.isdir(work):
        # a fresh start: remove what an earlier prepare/measure wrote (results/ stays)
        for entry in [MANIFEST, "bin"] + [b["name"] for b in suite["benchmarks"]]:
            p = os.path.join(work, entry)
            if os.path.isdir(p) and not os.path.islink(p):
                shutil.rmtree(p)
            elif os.path.lexists(p):
                os.remove(p)
    os.makedirs(work, exist_ok=True)
    model_file = os.path.abspath(args.device_model) if args.device_model else os.path.join(ROOT, "runtime", "models", "h200.json")
    osuite = suite.get("oracle", {})
    recs = []
    builds = []
    for b in benches:
        ctx = Ctx()
        ctx.kdlg, ctx.bench, ctx.name = kdlg, b, b["name"]
        ctx.model = os.path.abspath(args.device_model) if args.device_model else None
        ctx.model_file = model_file
        ctx.jobs = max(1, args.jobs)
        ctx.src = absroot(b["source"])
        ctx.bdir = os.path.join(work, b["name"])
        ctx.builds = builds
        ctx.focus = None
        os.makedirs(ctx.bdir, exist_ok=True)
        rec = {"name": b["name"], "kind": b["kind"], "source": b["source"],
               "args": b.get("args", []), "quick_args": b.get("quick_args", []),
               "timeout_s": b.get("timeout_s"), "quick_timeout_s": b.get("quick_timeout_s"),
               "status": "ok", "notes": [], "bench": b,
               "est": list(est_of(b, suite, False)), "quick_est": list(est_of(b, suite, True))}
        ctx.rec = rec
        recs.append(rec)
        if not os.path.exists(ctx.src):
            rec["status"] = "missing"
            rec["detail"] = "%s does not exist" % b["source"]
            rec["variants"] = []
            warn("%s: %s is missing: recorded as such" % (b["name"], b["source"]))
            continue
        with open(ctx.src) as f:
            ctx.src_text = f.read()
        if b["kind"] == "struct":
            rec["variants"] = prepare_struct(ctx)
            rec["_ctx"] = ctx
        else:
            rec["variants"] = prepare_array(ctx)
        for v in rec["variants"]:
            if v.get("status") not in ("ok", None):
                warn("%s %s: %s" % (b["name"], v["name"], v.get("detail", v["status"])))
        log("%-13s %s" % (b["name"], "; ".join("%s%s" % (v["name"], "=" + v["same_as"] if v.get("same_as") else "")
                                                for v in rec["variants"])))

    # ---- the oracle, sized to the time budget ----
    model = PL.load_model(model_file)
    budget = float(args.budget_s if args.budget_s is not None else suite.get("defaults", {}).get("budget_s", 540))
    wishes, wants = {}, {}
    for r in recs:
        ctx = r.get("_ctx")
        if not ctx or r["status"] != "ok" or not getattr(ctx, "focus", None):
            continue
        wish, mode, space, cap, covered = oracle_wishlist(ctx, model, osuite)
        wishes[r["name"]] = (wish, mode, space, cap, covered)
        run_s, _ = est_of(r["bench"], suite, False)
        wants[r["name"]] = (len(wish), run_s)
    _, base, _ = estimate(recs, suite, False, {n: 0 for n in wants})
    dflt = suite.get("defaults", {})
    per_cand = float(dflt.get("compile_s", 4.0)) / int(dflt.get("gpu_jobs", 16))
    reruns = sum(sum(est_of(r["bench"], suite, False)) for r in recs if r["name"] in wants)
    avail = budget - base - reruns
    if args.max_oracle is not None:
        alloc = {n: min(c, args.max_oracle) for n, (c, s) in wants.items()}
    else:
        alloc = allocate({n: (c, s + per_cand) for n, (c, s) in wants.items()}, max(0.0, avail))
    for r in recs:
        if r["name"] not in wishes:
            continue
        ctx = r["_ctx"]
        wish, mode, space, cap, covered = wishes[r["name"]]
        n = alloc[r["name"]]
        cands = make_candidates(ctx, wish, n)
        r["oracle_variants"] = cands
        complete = n >= len(wish)
        r["oracle"] = {
            "mode": "exhaustive" if mode == "exhaustive" and complete else "sampled",
            "space": space, "cap": cap, "wished": len(wish), "planned": n,
            "left_out_for_time": len(wish) - n, "main_variants_in_space": covered,
            "tiles": list(osuite.get("tiles", P.TILE_SET)),
            "random": osuite.get("random", 16), "seed": osuite.get("seed", 5),
        }
        if mode == "exhaustive" and not complete:
            r["notes"].append("the space (%d layouts) is under the cap but did not fit the time budget: sampled" % space)
        log("%-13s oracle: %s, space %d layouts, %d candidates planned (+ the main variants), %d left out for time"
            % (r["name"], r["oracle"]["mode"], space, n, len(wish) - n))

    # ---- manifest ----
    for r in recs:
        r.pop("_ctx", None)
        r.pop("bench", None)
        for v in r.get("variants", []) + r.get("oracle_variants", []):
            if "key" in v:
                v["key"] = key_str(v["key"])
    total, over, lines = estimate([dict(r, bench=b) for r, b in zip(recs, benches)], suite, False)
    qtotal, qover, qlines = estimate([dict(r, bench=b) for r, b in zip(recs, benches)], suite, True)
    man = {
        "format": "kdlg-bench-manifest",
        "kdlg_opt_version": version,
        "device_model": rel(model_file) if not args.device_model else os.path.abspath(args.device_model),
        "model_device": model.get("device"), "model_provisional": model.get("provisional"),
        "git_commit": git_commit(),
        "reps": args.reps if args.reps else suite.get("defaults", {}).get("reps", 5),
        "budget_s": budget,
        "estimate_s": round(over, 1), "estimate_serial_s": round(total, 1),
        "quick_estimate_s": round(qover, 1),
        "builds": builds,
        "benchmarks": recs,
    }
    write_json(os.path.join(work, MANIFEST), man)
    log("")
    log("time estimate for `measure` (from suite.json's est; device: 16 nvcc jobs):")
    for l in lines:
        log(l)
    log("  total %.0f s with verification overlapped (%.0f s serial), budget %.0f s; with --quick: %.0f s"
        % (over, total, budget, qover))
    if over > budget:
        warn("WARNING: the estimate exceeds the budget: measure will stop at its deadline and record the rest as not-run")
    size = dir_size(work)
    log("%d sources to build; %s: %.1f MiB (carry it to the GPU machine)" % (len(builds), rel(work), size / 2**20))
    bad = [(r["name"], v["name"]) for r in recs for v in r.get("variants", []) if v.get("status") not in ("ok",)]
    missing = [r["name"] for r in recs if r["status"] == "missing"]
    if missing:
        warn("missing benchmark sources: %s" % ", ".join(missing))
    return 1 if bad else 0


def prepare_array(ctx):
    b = ctx.bench
    variants = [{"name": "orig", "role": "main", "how": "the original source", "status": "ok",
                 "source": rel(ctx.src), "key": "orig", "label": "original"}]
    v = make_variant(ctx, "auto", "kdlg-opt (default)")
    if v.get("status") == "ok":
        v["label"] = "kdlg-opt's output"
        rem = v.get("remarks") or []
        if v.get("same_code_as_original"):
            v["key"] = "orig"
            v["note"] = "= orig: kdlg-opt leaves the program unchanged (%s)" % ("; ".join(r.split(": remark: ")[-1] if ": remark: " in r else r.split(": ", 1)[-1] for r in rem) or "no remark")
        else:
            v["key"] = "auto"
            v["note"] = "kdlg-opt changed the program: " + ("; ".join(rem) or v.get("label", ""))
    variants.append(v)
    for ref in b.get("references", []):
        src = absroot(ref["source"])
        r = {"name": "ref:" + ref["name"], "role": "ref", "how": ref.get("what", "hand-optimized reference"),
             "source": ref["source"], "key": "ref:" + ref["name"], "label": ref.get("what", ref["name"])}
        if os.path.exists(src):
            r["status"] = "ok"
        else:
            r["status"] = "missing"
            r["detail"] = "%s does not exist" % ref["source"]
        variants.append(r)
    by = {}
    for v in variants:
        if v.get("status") != "ok":
            continue
        if v["key"] in by:
            v["same_as"] = by[v["key"]]["name"]
            continue
        by[v["key"]] = v
        bid = "%s.%s" % (ctx.name, v["name"].replace(":", "-"))
        v["build"] = bid
        ctx.builds.append({"id": bid, "benchmark": ctx.name, "source": v["source"],
                           "includes": ["runtime", rel(os.path.dirname(absroot(v["source"])))],
                           "bin": "bin/%s" % bid})
    return variants


def git_commit():
    try:
        p = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=20)
        c = p.stdout.strip()
        d = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True, timeout=20).stdout.strip()
        return c + ("+modified" if d else "")
    except OSError:
        return None


def dir_size(d):
    n = 0
    for dp, _, fs in os.walk(d):
        for f in fs:
            try:
                n += os.path.getsize(os.path.join(dp, f))
            except OSError:
                pass
    return n
