"""Set partitions of a struct's fields and the layout space of the oracle.

A *layout* of one struct is a tuple of clusters; a cluster is
(fields, layout, tile) with fields a tuple in declaration order, layout one of
"aos", "soa", "tiled" and tile 1 (aos), None (soa) or the elements per tile;
an AoS cluster whose element alignment kdlg-opt raises (the plan's "align",
docs/design.md "Aligned AoS") has that alignment in bytes as its tile.
Clusters are ordered by their first field (docs/plan-format.md).

Two layouts that put the same bytes at the same places are one point of the
space (``canonical``):
  - a one-field cluster is the same array in every layout (AoS of one field,
    SoA, tiled-AoS of one field) -> ("soa", None);
  - a SoA cluster of several fields is the same memory as its fields as
    one-field clusters -> split into singletons;
  - tiled with tile 1 is AoS.
"""

import random

TILE_SET = ("aos", 4, 32, 128, 1024, "soa")


def bell(n):
    """Bell number B(n) (the Bell triangle)."""
    row = [1]
    for _ in range(n):
        nxt = [row[-1]]
        for v in row:
            nxt.append(nxt[-1] + v)
        row = nxt
    return row[0]


def set_partitions(items):
    """Every set partition of items (a sequence), each a list of blocks
    (lists), blocks ordered by first item, items inside a block in the input
    order.  Restricted-growth strings: deterministic, B(n) results."""
    items = list(items)
    n = len(items)
    if n == 0:
        yield []
        return
    rgs = [0] * n

    def rec(i, nblocks):
        if i == n:
            blocks = [[] for _ in range(nblocks)]
            for k, b in enumerate(rgs):
                blocks[b].append(items[k])
            yield blocks
            return
        for b in range(nblocks + 1):
            rgs[i] = b
            yield from rec(i + 1, max(nblocks, b + 1))

    yield from rec(0, 0)


def choice_to_cluster(fields, choice):
    """A tile-set entry ("aos", "soa" or an int) for a cluster of fields."""
    fields = tuple(fields)
    if choice == "aos" or choice == 1:
        return (fields, "aos", 1)
    if choice == "soa" or choice is None:
        return (fields, "soa", None)
    t = int(choice)
    if t < 1:
        raise ValueError("tile %r" % (choice,))
    return (fields, "tiled", t)


def canonical(clusters, order):
    """The canonical form (a tuple of clusters) of a layout of one struct.
    order: the struct's fields in declaration order."""
    pos = {f: i for i, f in enumerate(order)}
    out = []
    seen = set()
    for fields, layout, tile in clusters:
        fields = tuple(sorted(fields, key=pos.__getitem__))
        for f in fields:
            if f in seen:
                raise ValueError("field %s in two clusters" % f)
            seen.add(f)
        if layout == "tiled" and tile == 1:
            layout = "aos"
        if layout == "aos":
            tile = tile if tile and tile > 1 else 1
        if layout == "soa":
            tile = None
        if len(fields) == 1 or layout == "soa":
            for f in fields:
                out.append(((f,), "soa", None))
        else:
            out.append((fields, layout, tile))
    if seen != set(order):
        raise ValueError("fields %s in no cluster" % sorted(set(order) - seen))
    out.sort(key=lambda c: pos[c[0][0]])
    return tuple(out)


def is_original(clusters, order):
    """One AoS cluster of every field, not aligned: kdlg-opt leaves the struct unchanged."""
    if len(order) == 1:
        return True  # a one-field struct is the same array in every layout
    c = canonical(clusters, order)
    return len(c) == 1 and c[0][1] == "aos" and c[0][2] == 1


def label(clusters, raw=False):
    """Short human label of a layout: `{pos,vel}:t32 {a,b}:aos SoA{mass,id}`
    (multi-field clusters, then the fields laid out as plain arrays:
    one-field clusters and SoA clusters); `SoA` when every field is.
    raw: one `{fields}:layout` per cluster as the plan states it."""
    parts, arrays = [], []
    for fields, layout, tile in clusters:
        kind = {"aos": "aos", "soa": "soa"}.get(layout) or "t%d" % tile
        if layout == "aos" and tile and tile > 1:
            kind = "aos%d" % tile  # aligned to tile bytes
        if not raw and (len(fields) == 1 or layout == "soa"):
            arrays.extend(fields)
            continue
        parts.append("{%s}:%s" % (",".join(fields), kind))
    if arrays:
        parts.append("SoA" if not parts else "SoA{%s}" % ",".join(arrays))
    return " ".join(parts)


def vector_align(fields, sizes, aligns):
    """kdlg-opt's alignment rule for an AoS cluster (transform/plan.h,
    kd_plan_vector_align): its bytes when they are 2, 4, 8 or 16 and more than
    its fields' largest alignment, else 1 (the fields' own)."""
    b = sum(sizes[f] for f in fields)
    return b if b in (2, 4, 8, 16) and max(aligns[f] for f in fields) < b else 1


def with_vector_align(clusters, sizes, aligns):
    """The clusters with every AoS cluster aligned by vector_align (what
    kdlg-opt's AoS is in the oracle's space: the same bytes, whole-element
    accesses)."""
    return tuple((f, lay, vector_align(f, sizes, aligns) if lay == "aos" and len(f) > 1 else tile)
                 for f, lay, tile in clusters)


def space_size(nfields, tiles=TILE_SET):
    """Number of distinct (canonical) layouts of a struct of nfields fields
    with per-cluster choices from tiles: a block of >= 2 fields takes any
    choice but soa (soa = its fields as singletons, counted there)."""
    k = len({c for c in tiles if c not in ("soa", None)})
    # sum over partitions of k^(number of blocks with >= 2 fields), by a
    # recurrence on the block of the first element: choose j others with it
    from math import comb
    memo = {0: 1}

    def f(n):
        if n in memo:
            return memo[n]
        total = 0
        for j in range(n):  # j other elements share the first one's block
            w = 1 if j == 0 else k
            total += comb(n - 1, j) * w * f(n - 1 - j)
        memo[n] = total
        return total

    return f(nfields)


def enumerate_space(order, tiles=TILE_SET):
    """Every canonical layout of a struct (fields in declaration order), in a
    deterministic order; len == space_size(len(order), tiles)."""
    choices = [c for c in dict.fromkeys(tiles) if c not in ("soa", None)]
    seen = set()
    for blocks in set_partitions(order):
        multi = [i for i, b in enumerate(blocks) if len(b) > 1]
        # every assignment of a non-soa choice to each block of >= 2 fields
        idx = [0] * len(multi)
        while True:
            clusters = []
            for i, b in enumerate(blocks):
                if len(b) > 1:
                    clusters.append(choice_to_cluster(b, choices[idx[multi.index(i)]]))
                else:
                    clusters.append(choice_to_cluster(b, "soa"))
            key = canonical(clusters, order)
            if key not in seen:
                seen.add(key)
                yield key
            k = 0
            while k < len(idx):
                idx[k] += 1
                if idx[k] < len(choices):
                    break
                idx[k] = 0
                k += 1
            if k == len(idx):
                break


def merge_levels(order, edges):
    """The partitions ε-Kruskal produces as ε grows (analysis/kdlg.c: edges
    with δ < ε are merged): all singletons, then one partition per distinct δ
    (components of the edges with δ <= it), duplicates dropped.  edges:
    [(a, b, delta)].  Returns [(threshold or None, blocks)], blocks as lists
    in declaration order."""
    pos = {f: i for i, f in enumerate(order)}
    parent = list(range(len(order)))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def blocks():
        groups = {}
        for i, f in enumerate(order):
            groups.setdefault(find(i), []).append(f)
        return sorted(groups.values(), key=lambda b: pos[b[0]])

    out = [(None, blocks())]
    es = sorted(edges, key=lambda e: e[2])
    i = 0
    while i < len(es):
        d = es[i][2]
        changed = False
        while i < len(es) and es[i][2] == d:
            a, b = find(pos[es[i][0]]), find(pos[es[i][1]])
            if a != b:
                parent[max(a, b)] = min(a, b)
                changed = True
            i += 1
        if changed:
            out.append((d, blocks()))
    return out


def random_partition(order, rng):
    """A random set partition: k uniform in 1..n blocks, each field in a
    uniformly random block, empty blocks dropped.  rng: random.Random;
    only rng.random() is used (stable across Python versions)."""
    n = len(order)
    k = 1 + int(rng.random() * n)
    assign = [int(rng.random() * k) for _ in order]
    groups = {}
    for f, b in zip(order, assign):
        groups.setdefault(b, []).append(f)
    pos = {f: i for i, f in enumerate(order)}
    return sorted(groups.values(), key=lambda b: pos[b[0]])


def random_layouts(order, count, seed, tiles=TILE_SET, exclude=()):
    """count distinct random canonical layouts (random partition, each block
    of >= 2 fields a random choice from tiles), not in exclude; deterministic
    for a seed.  Gives up after 50 * count tries (small spaces)."""
    rng = random.Random(seed)
    tiles = list(dict.fromkeys(tiles))
    seen = set(exclude)
    out = []
    tries = 0
    while len(out) < count and tries < 50 * max(count, 1):
        tries += 1
        blocks = random_partition(order, rng)
        clusters = [choice_to_cluster(b, tiles[int(rng.random() * len(tiles))]) for b in blocks]
        key = canonical(clusters, order)
        if key not in seen:
            seen.add(key)
            out.append(key)
    return out
