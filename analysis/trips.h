/* trips.h: how many times a loop runs (Kofler et al. 2015, Sect. 3.1: the
 * accesses of a loop body count trip times in the memory distance; the
 * rules are docs/method-notes.md §2's), for the access model's loops.
 *
 * Constant bounds exactly (clang's evaluator, 64-bit, saturated at
 * KD_TRIP_MAX; rule KD_RULE_CONST); bound by the work-group size
 * (blockDim / get_local_size) KD_TRIP_WORKGROUP; by the NDRange size
 * (gridDim*blockDim / get_global_size) KD_TRIP_NDRANGE; grid-stride loops
 * and anything else KD_TRIP_UNKNOWN (region.h).
 */
#ifndef KDLG_TRIPS_H
#define KDLG_TRIPS_H

#include <clang-c/Index.h>

#include "ast.h"
#include "region.h"

/* Fills lp->trip and lp->rule for the loop whose parts are init, cond and
 * inc (a for loop's; a while or do loop passes its condition alone, the
 * others null cursors), read through t, their source's tree. */
void kd_trip_count(KdTree *t, CXCursor init, CXCursor cond, CXCursor inc, KdLoop *lp);

#endif
