/* test_dot.c: the KDLG as Graphviz DOT (analysis/dot.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/distance.h"
#include "analysis/dot.h"
#include "analysis/kdlg.h"

#define NONE KD_DIST_NONE

static KdField fig_fields[4] = {{"a", 4, 0, 4}, {"b", 4, 4, 4}, {"c", 4, 8, 4}, {"d", 4, 12, 4}};
static KdStruct fig_struct = {.name = "S", .bytes = 16, .nfields = 4, .fields = fig_fields, .eligible = true};

/* Fig. 2's KDLG: δ(a,b)=4, δ(b,c)=252, δ(a,c)=256, d unconnected */
static Kdlg *fig2_graph(const KdStruct *st, int64_t eps) {
  Kdlg *g = kdlg_new(st);
  assert_non_null(g);
  int F = st->nfields;
  g->dir[0 * F + 1] = 4;
  g->dir[1 * F + 0] = 4;
  g->dir[0 * F + 2] = 256;
  g->dir[1 * F + 2] = 252;
  kdlg_finish_edges(g);
  kdlg_partition(g, eps);
  return g;
}

/* The DOT of structs[0..n) (why: kd_dot_write's reason when n is 0). */
static char *render_all(const KdDotStruct *structs, int n, const char *why) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  assert_int_equal(kd_dot_write(f, structs, n, why), 0);
  assert_int_equal(fclose(f), 0);
  assert_non_null(buf);
  assert_int_equal(strlen(buf), len);
  return buf;
}

/* The DOT of one struct, all fields used, no note. */
static char *render(const Kdlg *g, const KdLayoutChoice *layouts) {
  KdDotStruct one = {g, layouts, NULL, NULL};
  return render_all(&one, 1, NULL);
}

static int count(const char *hay, const char *needle) {
  int n = 0;
  for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
    n++;
  return n;
}

static void expect_contains(const char *dot, const char *needle) {
  if (!strstr(dot, needle)) {
    print_error("missing <%s> in:\n%s\n", needle, dot);
    fail();
  }
}

/* The text is well-formed as far as quoting goes: every double-quoted string
 * ends, an escaped quote never ends one, and after a closing quote comes
 * punctuation or a space (never more identifier text, which is what an
 * unescaped quote in a name produces).  Braces and brackets balance. */
static void expect_well_formed(const char *dot) {
  int depth = 0, brackets = 0;
  for (const char *p = dot; *p; p++) {
    if (*p == '"') {
      const char *start = p++;
      while (*p && *p != '"') {
        if (*p == '\\' && p[1])
          p++;
        if (*p == '\n') {
          print_error("string broken across lines at offset %ld:\n%s\n", (long)(start - dot), dot);
          fail();
        }
        p++;
      }
      if (!*p) {
        print_error("unterminated string at offset %ld\n", (long)(start - dot));
        fail();
      }
      char next = p[1];
      if (!(next == ' ' || next == ']' || next == ',' || next == ';' || next == '\n' || next == '}')) {
        print_error("text right after a closing quote at offset %ld: <%.20s>\n%s\n", (long)(p - dot), p, dot);
        fail();
      }
    } else if (*p == '{') {
      depth++;
    } else if (*p == '}') {
      depth--;
      assert_true(depth >= 0);
    } else if (*p == '[') {
      brackets++;
    } else if (*p == ']') {
      brackets--;
      assert_true(brackets >= 0);
    }
  }
  assert_int_equal(depth, 0);
  assert_int_equal(brackets, 0);
}

/* penwidth and grey level of the edge line that starts with `prefix` */
static void edge_style(const char *dot, const char *prefix, double *pen, unsigned *rgb) {
  const char *p = strstr(dot, prefix);
  assert_non_null(p);
  const char *q = strstr(p, "penwidth=");
  assert_non_null(q);
  assert_true(q < strchr(p, '\n'));
  *pen = strtod(q + 9, NULL);
  const char *c = strstr(p, "color=\"#");
  assert_non_null(c);
  assert_true(c < strchr(p, '\n'));
  unsigned r, g, b;
  assert_int_equal(sscanf(c + 8, "%2x%2x%2x", &r, &g, &b), 3);
  assert_int_equal(r, g);  // a grey
  assert_int_equal(g, b);
  *rgb = r;
}

static void test_fig2_dot(void **state) {
  (void)state;
  Kdlg *g = fig2_graph(&fig_struct, 128);
  char *dot = render(g, NULL);
  expect_well_formed(dot);
  assert_int_equal(strncmp(dot, "graph \"kdlg\" {\n", 15), 0);
  assert_int_equal(count(dot, "\ngraph "), 0);  // one graph: Graphviz draws only the first of several
  assert_int_equal(dot[strlen(dot) - 1], '\n');
  assert_int_equal(dot[strlen(dot) - 2], '}');
  // δ with its unit on every edge
  expect_contains(dot, "    \"S.a\" -- \"S.b\" [label=\"δ=4 B\", ");
  expect_contains(dot, "    \"S.b\" -- \"S.c\" [label=\"δ=252 B\", ");
  expect_contains(dot, "    \"S.a\" -- \"S.c\" [label=\"δ=256 B\", ");
  assert_int_equal(count(dot, " -- "), 3);
  assert_int_equal(count(dot, "label=\"δ="), 3);
  assert_null(strstr(dot, "\"S.d\" --"));
  assert_null(strstr(dot, "-- \"S.d\""));
  // node d is still drawn, with its size; nothing is unused without a table
  expect_contains(dot, "\"S.d\" [label=\"d\\n4 B\"]");
  assert_null(strstr(dot, "unused\""));
  // the struct's panel; ε = 128: {a,b}, {c}, {d}: one box each in it; the legend
  assert_int_equal(count(dot, "subgraph cluster_"), 5);
  expect_contains(dot, "subgraph cluster_s0 {");
  expect_contains(dot, "subgraph cluster_s0_0 {");
  expect_contains(dot, "subgraph cluster_s0_1 {");
  expect_contains(dot, "subgraph cluster_s0_2 {");
  expect_contains(dot, "subgraph cluster_legend {");
  assert_null(strstr(dot, "cluster_s0_3"));
  // a and b are drawn inside cluster_s0_0, before cluster_s0_1 opens
  const char *c0 = strstr(dot, "subgraph cluster_s0_0"), *c1 = strstr(dot, "subgraph cluster_s0_1");
  const char *na = strstr(dot, "\"S.a\" [label="), *nb = strstr(dot, "\"S.b\" [label="), *nc = strstr(dot, "\"S.c\" [label=");
  assert_true(c0 < na && na < c1 && c0 < nb && nb < c1 && c1 < nc);
  expect_contains(dot, "KDLG of S (16 B, 4 fields), ε = 128 B");
  expect_contains(dot, "cluster 0: 8 B");
  free(dot);
  // ε = 300: {a,b,c}, {d}
  kdlg_partition(g, 300);
  dot = render(g, NULL);
  assert_int_equal(count(dot, "subgraph cluster_s0_"), 2);
  expect_contains(dot, "cluster 0: 12 B");
  expect_contains(dot, "ε = 300 B");
  free(dot);
  // ε = 1: four singletons
  kdlg_partition(g, 1);
  dot = render(g, NULL);
  assert_int_equal(count(dot, "subgraph cluster_s0_"), 4);
  assert_int_equal(count(dot, " -- "), 3);  // edges do not depend on ε
  free(dot);
  kdlg_free(g);
}

static void test_determinism(void **state) {
  (void)state;
  Kdlg *g1 = fig2_graph(&fig_struct, 128), *g2 = fig2_graph(&fig_struct, 128);
  char *d1 = render(g1, NULL), *d2 = render(g1, NULL), *d3 = render(g2, NULL);
  assert_string_equal(d1, d2);
  assert_string_equal(d1, d3);
  free(d1);
  free(d2);
  free(d3);
  kdlg_free(g1);
  kdlg_free(g2);
}

/* smaller δ: thicker and darker */
static void test_edge_styles(void **state) {
  (void)state;
  Kdlg *g = fig2_graph(&fig_struct, 128);
  char *dot = render(g, NULL);
  double p4, p252, p256;
  unsigned c4, c252, c256;
  edge_style(dot, "\"S.a\" -- \"S.b\"", &p4, &c4);
  edge_style(dot, "\"S.b\" -- \"S.c\"", &p252, &c252);
  edge_style(dot, "\"S.a\" -- \"S.c\"", &p256, &c256);
  assert_true(p4 > p252);
  assert_true(p252 > p256);
  assert_true(c4 < c252);
  assert_true(c252 < c256);
  assert_true(p256 >= 1.0);  // still visible
  assert_true(c256 < 0xff);  // never white
  free(dot);
  kdlg_free(g);
  // δ = 0 is the darkest and thickest of all
  KdField f[3] = {{"x", 4, 0, 4}, {"y", 4, 4, 4}, {"z", 4, 8, 4}};
  KdStruct st = {.name = "Z", .bytes = 12, .nfields = 3, .fields = f};
  g = kdlg_new(&st);
  g->dir[0 * 3 + 1] = 0;
  g->dir[1 * 3 + 2] = 1000;
  kdlg_finish_edges(g);
  kdlg_partition(g, 128);
  dot = render(g, NULL);
  double p0, p1000;
  unsigned c0, c1000;
  edge_style(dot, "\"Z.x\" -- \"Z.y\" [label=\"δ=0 B\"", &p0, &c0);
  edge_style(dot, "\"Z.y\" -- \"Z.z\" [label=\"δ=1000 B\"", &p1000, &c1000);
  assert_true(p0 > p1000);
  assert_true(c0 < c1000);
  free(dot);
  kdlg_free(g);
}

/* layouts appear in the cluster labels when given */
static void test_layout_labels(void **state) {
  (void)state;
  Kdlg *g = fig2_graph(&fig_struct, 128);
  KdLayoutChoice L[3] = {{.kind = KD_LAYOUT_TILED, .tile = 32}, {.kind = KD_LAYOUT_AOS, .tile = 1}, {.kind = KD_LAYOUT_SOA, .tile = 0}};
  char *dot = render(g, L);
  expect_well_formed(dot);
  expect_contains(dot, "cluster 0: 8 B, tiled t=32");
  expect_contains(dot, "cluster 1: 4 B, aos");
  expect_contains(dot, "cluster 2: 4 B, soa");
  free(dot);
  dot = render(g, NULL);
  assert_null(strstr(dot, "aos"));
  assert_null(strstr(dot, "tiled"));
  free(dot);
  kdlg_free(g);
}

/* names with a quote or a backslash are escaped everywhere they appear */
static void test_escaping(void **state) {
  (void)state;
  KdField f[4] = {{"a\"q", 4, 0, 4}, {"b\\s", 4, 4, 4}, {"c", 4, 8, 4}, {"d", 4, 12, 4}};
  KdStruct st = {.name = "S\"x", .bytes = 16, .nfields = 4, .fields = f};
  Kdlg *g = fig2_graph(&st, 128);
  char *dot = render(g, NULL);
  expect_contains(dot, "label=\"KDLG of S\\\"x (");
  expect_contains(dot, "  \"S\\\"x.a\\\"q\" -- \"S\\\"x.b\\\\s\" [label=\"δ=4 B\", ");
  expect_contains(dot, "  \"S\\\"x.a\\\"q\" -- \"S\\\"x.c\" [label=\"δ=256 B\", ");
  // node statements: the id and the label
  expect_contains(dot, "\"S\\\"x.a\\\"q\" [label=\"a\\\"q\\n4 B\"]");
  expect_contains(dot, "\"S\\\"x.b\\\\s\" [label=\"b\\\\s\\n4 B\"]");
  expect_well_formed(dot);
  free(dot);
  kdlg_free(g);
}

/* a field no kernel uses: dashed, grey, "unused" in its label; the others plain */
static void test_unused_fields(void **state) {
  (void)state;
  Kdlg *g = fig2_graph(&fig_struct, 128);
  bool unused[4] = {false, false, false, true};
  KdDotStruct one = {g, NULL, unused, NULL};
  char *dot = render_all(&one, 1, NULL);
  expect_well_formed(dot);
  expect_contains(dot, "\"S.d\" [label=\"d\\n4 B\\nunused\", style=dashed, color=\"#999999\", fontcolor=\"#999999\"];");
  expect_contains(dot, "\"S.a\" [label=\"a\\n4 B\"];");
  expect_contains(dot, "\"S.c\" [label=\"c\\n4 B\"];");
  assert_int_equal(count(dot, "\\nunused\""), 1);
  free(dot);
  kdlg_free(g);
}

/* one legend, after the structs, naming every mark the graph uses */
static void test_legend(void **state) {
  (void)state;
  Kdlg *g = fig2_graph(&fig_struct, 128);
  char *dot = render(g, NULL);
  assert_int_equal(count(dot, "subgraph cluster_legend {"), 1);
  const char *legend = strstr(dot, "subgraph cluster_legend {");
  assert_true(strstr(dot, "subgraph cluster_s0 {") < legend);
  expect_contains(legend, "size σ in bytes");
  expect_contains(legend, "memory distance δ in bytes");
  expect_contains(legend, "thicker and darker: smaller δ");
  expect_contains(legend, "cluster of the ε-partition");
  expect_contains(legend, "layout");
  expect_contains(legend, "dashed grey ellipse: a field that no kernel uses");
  free(dot);
  kdlg_free(g);
}

/* nothing to optimize: still one valid graph, labelled with the reason */
static void test_nothing(void **state) {
  (void)state;
  char *dot = render_all(NULL, 0, "no kernels in this file");
  assert_string_equal(dot, "graph \"kdlg\" {\n  label=\"kdlg-opt: nothing to optimize: no kernels in this file\";\n"
                           "  fontname=\"Helvetica\";\n}\n");
  free(dot);
  dot = render_all(NULL, 0, NULL);
  expect_contains(dot, "label=\"kdlg-opt: nothing to optimize\";");
  expect_well_formed(dot);
  free(dot);
  dot = render_all(NULL, 0, "a \"quoted\" reason");
  expect_contains(dot, "nothing to optimize: a \\\"quoted\\\" reason\";");
  expect_well_formed(dot);
  free(dot);
}

/* several structs: one graph, a panel each, node ids that never collide
 * (two structs of one name get an index), the note in its struct's label */
static void test_several_structs(void **state) {
  (void)state;
  Kdlg *g1 = fig2_graph(&fig_struct, 128), *g2 = fig2_graph(&fig_struct, 128);
  KdDotStruct two[2] = {{g1, NULL, NULL, "a note"}, {g2, NULL, NULL, NULL}};
  char *dot = render_all(two, 2, NULL);
  expect_well_formed(dot);
  assert_int_equal(count(dot, "\ngraph "), 0);  // one graph
  assert_int_equal(count(dot, "subgraph cluster_legend"), 1);
  expect_contains(dot, "subgraph cluster_s0 {");
  expect_contains(dot, "subgraph cluster_s1 {");
  expect_contains(dot, "subgraph cluster_s1_2 {");
  expect_contains(dot, "KDLG of S (16 B, 4 fields), ε = 128 B\\na note\";");
  assert_int_equal(count(dot, "a note"), 1);
  expect_contains(dot, "    \"S.a\" -- \"S.b\" [label=\"δ=4 B\"");
  expect_contains(dot, "    \"S#1.a\" -- \"S#1.b\" [label=\"δ=4 B\"");
  expect_contains(dot, "\"S#1.d\" [label=\"d\\n4 B\"]");
  assert_int_equal(count(dot, "\"S.d\" [label="), 1);
  free(dot);
  kdlg_free(g1);
  kdlg_free(g2);
}

/* a write error is reported */
static void test_write_error(void **state) {
  (void)state;
  Kdlg *g = fig2_graph(&fig_struct, 128);
  char tiny[16];
  FILE *f = fmemopen(tiny, sizeof tiny, "w");
  assert_non_null(f);
  setvbuf(f, NULL, _IONBF, 0);
  KdDotStruct one = {g, NULL, NULL, NULL};
  int rc = kd_dot_write(f, &one, 1, NULL);
  fclose(f);
  assert_int_equal(rc, -1);
  kdlg_free(g);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fig2_dot),       cmocka_unit_test(test_determinism), cmocka_unit_test(test_edge_styles),
      cmocka_unit_test(test_layout_labels),  cmocka_unit_test(test_escaping),    cmocka_unit_test(test_unused_fields),
      cmocka_unit_test(test_legend),         cmocka_unit_test(test_nothing),     cmocka_unit_test(test_several_structs),
      cmocka_unit_test(test_write_error),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
