"""Layout plans: the device model's decision tree, plan JSON for
`kdlg-opt --plan-in`, and what kdlg-opt says it did (its output's header
comment and remarks)."""

import json
import re

from partitions import canonical, is_original, label


# ---- the device model (docs/model-format.md) ----

def load_model(path):
    with open(path) as f:
        m = json.load(f)
    if m.get("format") != "kdlg-opt-model" or "tree" not in m:
        raise ValueError("%s: not a kdlg-opt model" % path)
    return m


def tree_choice(tree, sigma, sigma_min, used):
    """Evaluate Select-Tilesize for a cluster of sigma bytes whose smallest
    field has sigma_min bytes and whose kernels use `used` per-mille of the
    bytes AoS moves for it (φ, the plan's used_permille):
    ("aos", 1) | ("soa", None) | ("tiled", t)."""
    node = tree
    while "layout" not in node:
        att = node.get("attribute")
        if att == "sigma_c":
            v = sigma
        elif att == "sigma_min":
            v = sigma_min
        elif att == "used_permille":
            v = used
        else:
            raise ValueError("unknown attribute %r" % att)
        node = node["le"] if v <= node["threshold"] else node["gt"]
    lay = node["layout"]
    if lay == "aos":
        return ("aos", 1)
    if lay == "soa":
        return ("soa", None)
    if lay == "tiled":
        return ("tiled", int(node["tile"]))
    raise ValueError("unknown layout %r" % lay)


# ---- plans ----

def struct_info(plan, name=None):
    """(name, fields in declaration order, {field: bytes}, edges [(a, b, δ)],
    clusters) of a struct of an --emit-plan JSON (the named one, else the
    first)."""
    structs = plan.get("structs", [])
    if not structs:
        return None
    s = structs[0]
    if name is not None:
        for t in structs:
            if t["name"] == name:
                s = t
                break
        else:
            raise KeyError("struct %s not in the plan" % name)
    order = [f["name"] for f in s["fields"]]
    sizes = {f["name"]: f["bytes"] for f in s["fields"]}
    edges = [(e["a"], e["b"], e["delta"]) for e in s.get("edges", [])]
    return s["name"], order, sizes, edges, plan_clusters(s)


def plan_clusters(struct):
    """The clusters of one struct of a plan JSON as (fields, layout, tile)."""
    out = []
    for c in struct["clusters"]:
        lay = c["layout"]
        tile = c.get("tile")
        if lay == "aos":
            tile = c.get("align") or 1  # an aligned AoS cluster: its alignment (partitions.py)
        elif lay == "soa":
            tile = None
        out.append((tuple(c["fields"]), lay, tile))
    return tuple(out)


def cluster_json(fields, layout, tile):
    d = {"fields": list(fields), "layout": layout}
    d["tile"] = 1 if layout == "aos" else (None if layout == "soa" else int(tile))
    if layout == "aos" and tile and tile > 1:
        d["align"] = int(tile)
    return d


def plan_json(layouts, comment=None):
    """A plan for --plan-in: layouts is a list of (struct name, clusters).
    Only name and clusters[].fields/layout/tile/align are read by kdlg-opt."""
    d = {}
    if comment:
        d["comment"] = comment
    d["structs"] = [{"name": name, "clusters": [cluster_json(*c) for c in clusters]}
                    for name, clusters in layouts]
    return d


def dump_plan(d):
    return json.dumps(d, indent=2) + "\n"


def program_key(layouts, orders):
    """Canonical key of a program's layout: {struct: canonical clusters}, as a
    hashable tuple sorted by struct name; a struct left in its original AoS is
    ("original",)."""
    key = []
    for name, clusters in layouts:
        order = orders[name]
        c = ("original",) if is_original(clusters, order) else canonical(clusters, order)
        key.append((name, c))
    return tuple(sorted(key))


def key_label(key, focus=None):
    """Label of a program key (only the focus struct's when given)."""
    parts = []
    for name, c in key:
        if focus is not None and name != focus:
            continue
        text = "original AoS" if c == ("original",) else label(c)
        parts.append(text if focus is not None else "%s: %s" % (name, text))
    return "; ".join(parts)


# ---- what kdlg-opt did ----

HEADER_START = "/* Data layout rewritten by kdlg-opt"
_STRUCT_LINE = re.compile(r"^ \* (\w+): epsilon \d+ B; (.*) -> (.*)$")


def split_header(text):
    """(header comment, rest) of a kdlg-opt output; header '' if none."""
    if not text.startswith(HEADER_START):
        return "", text
    end = text.find("*/")
    if end < 0:
        return "", text
    end += 2
    if text[end:end + 1] == "\n":
        end += 1
    return text[:end], text[end:]


def header_outcomes(text):
    """{struct: outcome} from the output's header comment: outcome is the text
    after '->' ('rewritten', 'AoS (unchanged)', 'kept in AoS ...')."""
    header, _ = split_header(text)
    out = {}
    for line in header.splitlines():
        m = _STRUCT_LINE.match(line)
        if m:
            out[m.group(1)] = m.group(3).strip()
    return out


def same_code(output_text, original_text):
    """True when kdlg-opt's output is the input plus its header comment."""
    _, rest = split_header(output_text)
    return rest == original_text


REMARK = re.compile(r"^(.*?): remark: (.*) \[(kdlg-[a-z-]+)\]\s*$")


def remarks(stderr_text):
    """[(location, message, tag)] of kdlg-opt's remarks, duplicates dropped."""
    out = []
    for line in stderr_text.splitlines():
        m = REMARK.match(line)
        if m and m.groups() not in out:
            out.append(m.groups())
    return out
