#ifndef KDLG_CAL_GEN_H
#define KDLG_CAL_GEN_H
#endif
