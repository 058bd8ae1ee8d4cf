/* fuzz_pipeline.c: the libFuzzer harness of kdlg-opt's whole pipeline
 * (issue 21, "Build the tools that find the next ones").
 *
 * One input is one source file behind a selector byte:
 *   byte 0, bit 0: the language (0 CUDA, 1 OpenCL);
 *   byte 0, bits 1-3: the layout forced after `auto` (aos, soa, split,
 *                     tiled:2, tiled:32, tiled:1024; 6 and 7: none);
 *   bytes 1...: the file's text, parsed from memory (libclang's unsaved
 *               file, kd_frontend_parse_text) at FUZZ_PATH.cu / .cl.
 * Each input goes through tool/kdlg-opt.c's main() steps: parse, access
 * model (with the uniform flags in full, as --dump-access-model asks),
 * plan under the built-in device model, then the rewrite under `auto` and
 * under the forced layout (a fresh plan each: kd_plan_force changes it),
 * the plan's JSON and DOT written to a memory stream.  CUDA is parsed with
 * -nocudainc (kdlg-opt's prelude: the toolkit's headers cost a second a
 * parse).  Remarks and errors go to one memory stream, read by no one.
 *
 * Build: cmake -DKDLG_LIBFUZZER=ON with clang (testsuite/libfuzzer/README.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"
#include "analysis/dot.h"
#include "analysis/dtree.h"
#include "analysis/frontend.h"
#include "analysis/mem.h"
#include "transform/plan.h"
#include "transform/rewrite.h"

#define FUZZ_PATH "/__kdlg_fuzz__/input"

static const char *const forced[] = {"aos", "soa", "split", "tiled:2", "tiled:32", "tiled:1024"};

/* The plan of prog under `layout` (NULL: the analysis's own), then its
 * JSON, DOT and rewrite into the streams. */
static void plan_and_rewrite(const KdSource *src, const KdProgram *prog, const char *layout, FILE *sink) {
  KdPlan *plan = NULL;
  const KdDeviceModel *model = kd_device_model_builtin();
  if (kd_plan_build(prog, src->path, src->lang, model, model->epsilon, NULL, sink, &plan) != 0)
    return;
  char err[256];
  if (layout && kd_plan_force(plan, layout, err, sizeof err) != 0)
    abort();  // (the spellings above are all valid)
  kd_plan_remark_uniform(plan, sink);
  kd_plan_write_json(sink, plan);
  kd_plan_write_dot(sink, plan);
  KdRewriteOptions ro = {layout && !strcmp(layout, "soa"), "input.layout.h", "fuzz", true};
  KdRewriteResult rw = {0};
  if (kd_rewrite(src, plan, &ro, &rw, sink) == 0)
    fwrite(rw.text, 1, rw.len, sink);
  kd_rewrite_result_free(&rw);
  kd_plan_free(plan);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  KdLanguage lang = (data[0] & 1) ? KD_LANG_OPENCL : KD_LANG_CUDA;
  unsigned which = (data[0] >> 1) & 7;
  const char *path = lang == KD_LANG_OPENCL ? FUZZ_PATH ".cl" : FUZZ_PATH ".cu";
  static const char *const cuda_args[] = {"-nocudainc"};
  char *buf = NULL;
  size_t len = 0;
  FILE *sink = kd_xopen_memstream(&buf, &len);
  KdSource src;
  if (kd_frontend_parse_text(path, (const char *)data + 1, size - 1, lang, lang == KD_LANG_CUDA ? cuda_args : NULL,
                             lang == KD_LANG_CUDA ? 1 : 0, &src, sink) == 0) {
    KdProgram *prog = kd_access_build(&src, sink, 0);
    plan_and_rewrite(&src, prog, NULL, sink);
    if (which < sizeof forced / sizeof forced[0])
      plan_and_rewrite(&src, prog, forced[which], sink);
    kd_program_free(prog);
    kd_frontend_dispose(&src);
  }
  fclose(sink);
  free(buf);
  return 0;
}
