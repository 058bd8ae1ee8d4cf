#ifndef KDLG_CAL_MEASURE_H
#define KDLG_CAL_MEASURE_H
#endif
