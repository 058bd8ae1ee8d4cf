"""Set partitions, the canonical layout space, ε-Kruskal merge levels,
seeded random layouts and the oracle's time allocation."""
import unittest

from tests.util import HARNESS  # noqa: F401  (import path)
import partitions as P
import prepare


class Partitions(unittest.TestCase):
    def test_bell_numbers(self):
        self.assertEqual([P.bell(n) for n in range(0, 8)], [1, 1, 2, 5, 15, 52, 203, 877])
        for n, want in zip(range(1, 6), (1, 2, 5, 15, 52)):
            parts = list(P.set_partitions(["f%d" % i for i in range(n)]))
            self.assertEqual(len(parts), want, n)

    def test_partitions_are_partitions(self):
        items = ["a", "b", "c", "d", "e"]
        seen = set()
        for blocks in P.set_partitions(items):
            flat = [x for b in blocks for x in b]
            self.assertEqual(sorted(flat), items)  # cover, disjoint
            self.assertTrue(all(b for b in blocks))
            # blocks ordered by first item, items in input order
            self.assertEqual([b[0] for b in blocks], sorted(b[0] for b in blocks))
            for b in blocks:
                self.assertEqual(b, sorted(b))
            key = tuple(tuple(b) for b in blocks)
            self.assertNotIn(key, seen)
            seen.add(key)

    def test_space_size(self):
        # partitions x {aos,4,32,128,1024} per block of >= 2 fields (soa = singletons)
        self.assertEqual([P.space_size(n) for n in range(1, 6)], [1, 6, 21, 131, 756])
        for n in range(1, 6):
            order = ["f%d" % i for i in range(n)]
            keys = list(P.enumerate_space(order))
            self.assertEqual(len(keys), P.space_size(n))
            self.assertEqual(len(set(keys)), len(keys))
        self.assertEqual(P.space_size(3, ("aos", "soa")), 5)  # plain partitions: B(3)

    def test_canonical(self):
        order = ["a", "b", "c"]
        soa = P.canonical([(("a", "b", "c"), "soa", None)], order)
        single = P.canonical([(("a",), "aos", 1), (("b",), "tiled", 32), (("c",), "soa", None)], order)
        self.assertEqual(soa, single)
        self.assertEqual(P.canonical([(("b", "a"), "tiled", 1), (("c",), "aos", 1)], order),
                         ((("a", "b"), "aos", 1), (("c",), "soa", None)))
        self.assertNotEqual(P.canonical([(("a", "b", "c"), "tiled", 4)], order),
                            P.canonical([(("a", "b", "c"), "tiled", 32)], order))
        with self.assertRaises(ValueError):
            P.canonical([(("a", "b"), "aos", 1)], order)  # c in no cluster
        with self.assertRaises(ValueError):
            P.canonical([(("a", "b"), "aos", 1), (("b", "c"), "aos", 1)], order)
        self.assertTrue(P.is_original([(("a", "b", "c"), "aos", 1)], order))
        self.assertFalse(P.is_original([(("a", "b"), "aos", 1), (("c",), "aos", 1)], order))

    def test_label(self):
        c = P.canonical([(("a", "b"), "tiled", 32), (("c",), "aos", 1), (("d",), "soa", None)], list("abcd"))
        self.assertEqual(P.label(c), "{a,b}:t32 SoA{c,d}")
        self.assertEqual(P.label(P.canonical([(tuple("abcd"), "soa", None)], list("abcd"))), "SoA")
        self.assertEqual(P.label([(("a",), "aos", 1), (("b",), "aos", 1)], raw=True), "{a}:aos {b}:aos")

    def test_vector_align(self):
        sizes = {"k": 4, "i": 4, "v": 4, "t": 4, "s": 2, "d": 8, "q": 16}
        aligns = {"k": 4, "i": 4, "v": 4, "t": 4, "s": 2, "d": 8, "q": 16}
        self.assertEqual(P.vector_align(("k", "i", "v", "t"), sizes, aligns), 16)
        self.assertEqual(P.vector_align(("k", "i"), sizes, aligns), 8)
        self.assertEqual(P.vector_align(("k", "i", "v"), sizes, aligns), 1)  # 12 B
        self.assertEqual(P.vector_align(("d",), sizes, aligns), 1)  # already 8-aligned
        self.assertEqual(P.vector_align(("q",), sizes, aligns), 1)
        self.assertEqual(P.vector_align(("k", "s"), sizes, aligns), 1)  # 6 B
        got = P.with_vector_align(((("k", "i"), "aos", 1), (("v", "t"), "tiled", 32), (("d",), "soa", None)),
                                  sizes, aligns)
        self.assertEqual(got, ((("k", "i"), "aos", 8), (("v", "t"), "tiled", 32), (("d",), "soa", None)))
        order = ["k", "i", "v", "t"]
        whole = P.canonical(((tuple(order), "aos", 16),), order)
        self.assertEqual(P.label(whole), "{k,i,v,t}:aos16")
        self.assertFalse(P.is_original(whole, order))
        self.assertTrue(P.is_original(((tuple(order), "aos", 1),), order))

    def test_merge_levels(self):
        order = ["x", "y", "mass", "id", "tag"]
        edges = [("x", "y", 12), ("mass", "id", 4), ("y", "mass", 12), ("id", "tag", 400)]
        levels = P.merge_levels(order, edges)
        self.assertEqual(levels[0], (None, [["x"], ["y"], ["mass"], ["id"], ["tag"]]))
        self.assertEqual(levels[1], (4, [["x"], ["y"], ["mass", "id"], ["tag"]]))
        self.assertEqual(levels[2], (12, [["x", "y", "mass", "id"], ["tag"]]))
        self.assertEqual(levels[3], (400, [["x", "y", "mass", "id", "tag"]]))
        self.assertEqual(len(levels), 4)
        # a field with no finite δ stays alone
        self.assertEqual(P.merge_levels(["a", "b"], [])[-1], (None, [["a"], ["b"]]))

    def test_random_layouts_deterministic(self):
        order = ["f%d" % i for i in range(12)]
        a = P.random_layouts(order, 16, 5)
        b = P.random_layouts(order, 16, 5)
        c = P.random_layouts(order, 16, 6)
        self.assertEqual(a, b)
        self.assertNotEqual(a, c)
        self.assertEqual(len(set(a)), 16)
        for key in a:
            self.assertEqual(P.canonical(key, order), key)
        # a tiny space: gives what exists, no endless loop
        self.assertLessEqual(len(P.random_layouts(["a", "b"], 50, 1)), P.space_size(2))

    def test_allocate(self):
        # equal shares; what a small benchmark does not need goes to the others
        got = prepare.allocate({"a": (2, 1.0), "b": (100, 1.0), "c": (100, 2.0)}, 32.0)
        self.assertEqual(got["a"], 2)
        self.assertEqual(got["b"], 15)
        self.assertEqual(got["c"], 7)
        self.assertEqual(prepare.allocate({"a": (5, 1.0)}, 0.0), {"a": 0})
        self.assertEqual(prepare.allocate({"a": (5, 1.0)}, 100.0), {"a": 5})


if __name__ == "__main__":
    unittest.main()
