"""Plan JSON generation: kdlg-opt --plan-in --dry-run accepts every plan the
harness writes and applies exactly that layout; the tree evaluator agrees
with kdlg-opt's choices (needs kdlg-opt: $KDLG_OPT or build/kdlg-opt)."""
import json
import os
import subprocess
import tempfile
import unittest

from tests.util import DATA, ROOT, kdlg_opt
import partitions as P
import plans as PL

SRC = os.path.join(DATA, "particles.cu")
MODEL = os.path.join(ROOT, "runtime", "models", "h200.json")  # the built-in model


class Plans(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="kdlg-plans-test-")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def kdlg(self, *args):
        return subprocess.run([kdlg_opt(self), SRC] + list(args), capture_output=True, text=True, timeout=120)

    def auto_plan(self):
        p = self.kdlg("--emit-plan", "-")
        self.assertEqual(p.returncode, 0, p.stderr)
        return json.loads(p.stdout)

    def test_struct_info_and_tree(self):
        plan = self.auto_plan()
        name, order, sizes, edges, clusters = PL.struct_info(plan)
        self.assertEqual(name, "Particle")
        self.assertEqual(order, ["x", "y", "mass", "id"])
        self.assertEqual(sizes, {"x": 4, "y": 4, "mass": 4, "id": 4})
        self.assertTrue(edges)
        model = PL.load_model(MODEL)
        for c in plan["structs"][0]["clusters"]:
            lay, tile = PL.tree_choice(model["tree"], c["bytes"], min(sizes[f] for f in c["fields"]), c["used_permille"])
            self.assertEqual(lay, c["layout"])
            if lay == "tiled":
                self.assertEqual(tile, c["tile"])
        # the partition kdlg-opt chose is one of the ε-Kruskal merge levels
        levels = [blocks for _, blocks in P.merge_levels(order, edges)]
        self.assertIn([list(c[0]) for c in clusters], levels)

    def test_tree_choice(self):
        tree = {"attribute": "sigma_c", "threshold": 16, "le": {"layout": "aos"},
                "gt": {"attribute": "sigma_c", "threshold": 64, "le": {"layout": "tiled", "tile": 32},
                       "gt": {"layout": "soa"}}}
        self.assertEqual(PL.tree_choice(tree, 16, 4, 1000), ("aos", 1))
        self.assertEqual(PL.tree_choice(tree, 17, 4, 1000), ("tiled", 32))
        self.assertEqual(PL.tree_choice(tree, 64, 4, 1000), ("tiled", 32))
        self.assertEqual(PL.tree_choice(tree, 65, 4, 1000), ("soa", None))
        # the second attribute: the smallest field's size in bytes
        tree2 = {"attribute": "sigma_min", "threshold": 2,
                 "le": {"layout": "tiled", "tile": 64},
                 "gt": {"attribute": "sigma_c", "threshold": 16, "le": {"layout": "aos"}, "gt": {"layout": "soa"}}}
        self.assertEqual(PL.tree_choice(tree2, 12, 1, 1000), ("tiled", 64))
        self.assertEqual(PL.tree_choice(tree2, 12, 2, 1000), ("tiled", 64))
        self.assertEqual(PL.tree_choice(tree2, 12, 4, 1000), ("aos", 1))
        self.assertEqual(PL.tree_choice(tree2, 32, 4, 1000), ("soa", None))
        # the third: φ, the per-mille of AoS's bytes the kernels use
        tree3 = {"attribute": "used_permille", "threshold": 500, "le": {"layout": "tiled", "tile": 32},
                 "gt": {"layout": "aos"}}
        self.assertEqual(PL.tree_choice(tree3, 20, 4, 500), ("tiled", 32))
        self.assertEqual(PL.tree_choice(tree3, 20, 4, 501), ("aos", 1))
        self.assertEqual(PL.tree_choice(tree3, 500, 500, 1000), ("aos", 1))
        with self.assertRaises(ValueError):
            PL.tree_choice({"attribute": "n", "threshold": 1, "le": {"layout": "aos"}, "gt": {"layout": "aos"}},
                           4, 4, 1000)

    def test_every_partition_accepted(self):
        order = ["x", "y", "mass", "id"]
        orders = {"Particle": order}
        tiles = ["aos", 4, 32, 1024, "soa", 128, 24]
        n = 0
        for i, blocks in enumerate(P.set_partitions(order)):
            clusters = [P.choice_to_cluster(b, tiles[(i + j) % len(tiles)]) for j, b in enumerate(blocks)]
            path = os.path.join(self.tmp.name, "p%02d.json" % i)
            with open(path, "w") as f:
                f.write(PL.dump_plan(PL.plan_json([("Particle", clusters)], "test %d" % i)))
            p = self.kdlg("--plan-in", path, "--dry-run")
            self.assertEqual(p.returncode, 0, "%s: %s" % (clusters, p.stderr))
            last = p.stdout.strip().splitlines()[-1]
            if P.is_original(clusters, order):
                self.assertIn("0 struct(s) rewritten", last)
            else:
                self.assertIn("1 struct(s) rewritten, 0 kept in AoS", last, clusters)
            # kdlg-opt's own plan output has exactly these clusters
            out = os.path.join(self.tmp.name, "e%02d.json" % i)
            p = self.kdlg("--plan-in", path, "--emit-plan", out, "-o", os.path.join(self.tmp.name, "o%02d.cu" % i))
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(out) as f:
                emitted = json.load(f)["structs"][0]
            self.assertEqual(P.canonical(PL.plan_clusters(emitted), order), P.canonical(clusters, order))
            with open(os.path.join(self.tmp.name, "o%02d.cu" % i)) as f:
                outcome = PL.header_outcomes(f.read()).get("Particle")
            self.assertEqual(outcome == "rewritten", not P.is_original(clusters, order), outcome)
            self.assertEqual(PL.program_key([("Particle", PL.plan_clusters(emitted))], orders),
                             PL.program_key([("Particle", clusters)], orders))
            n += 1
        self.assertEqual(n, 15)

    def test_bad_plan_rejected(self):
        # the acceptance check above means something: kdlg-opt refuses a plan
        # that leaves a field out
        path = os.path.join(self.tmp.name, "bad.json")
        with open(path, "w") as f:
            f.write(PL.dump_plan(PL.plan_json([("Particle", [(("x", "y", "mass"), "aos", 1)])])))
        p = self.kdlg("--plan-in", path, "--dry-run")
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("id", p.stderr)

    def test_remarks_and_same_code(self):
        self.assertEqual(PL.remarks("a.cu:1:2: remark: struct 'S' keeps its AoS layout: cast [kdlg-rewrite]\n"
                                    "a.cu:1:2: remark: struct 'S' keeps its AoS layout: cast [kdlg-rewrite]\nother\n"),
                         [("a.cu:1:2", "struct 'S' keeps its AoS layout: cast", "kdlg-rewrite")])
        src = "int x;\n"
        out = "/* Data layout rewritten by kdlg-opt 0.1.0 from a.cu\n * S: epsilon 128 B; {a,b} 8 B AoS -> AoS (unchanged)\n */\nint x;\n"
        self.assertTrue(PL.same_code(out, src))
        self.assertFalse(PL.same_code(out + "\n", src))
        self.assertEqual(PL.header_outcomes(out), {"S": "AoS (unchanged)"})


if __name__ == "__main__":
    unittest.main()
