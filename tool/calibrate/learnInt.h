/* learnInt.h: what the calibration learner's files share beyond learn.h
 * (the public interface, in three steps).  The files:
 *
 *   timings.c   the raw timings CSV (kd_timings_parse) and the training set
 *               of kernels and patterns (kd_training_build)
 *   learn.c     classes and access patterns, the C4.5 / C5.0-style tree
 *               learner (kd_learn) and the tree as boxes of the attribute
 *               space (kd_device_model_intervals)
 *   validate.c  leave-one-σ-out validation (kd_validate) and the in-sample
 *               ceilings (kd_ceiling)
 */
#ifndef KDLG_LEARN_INT_H
#define KDLG_LEARN_INT_H

#include "tool/calibrate/learn.h"

/* Appends the patterns of kernel k to out (room for KD_NCLASSES); returns
 * how many: the fastest variant and every one within 1 % of it, in class
 * order (Sect. 3.2); AoS alone when AoS is within the margin min_gain of
 * the fastest (kd_training_build; timings.c). */
int kd_cal_kernel_patterns(const KdKernel *k, double min_gain, KdPattern *out);

#endif
