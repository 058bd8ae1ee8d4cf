/* learn.h: C5.0-style decision-tree learner for Select-Tilesize (placeholder; issue 4). */
#ifndef KDLG_LEARN_H
#define KDLG_LEARN_H
#endif
