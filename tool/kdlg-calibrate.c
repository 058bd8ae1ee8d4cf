#include <stdio.h>
int main(void) { fprintf(stderr, "kdlg-calibrate: not built yet\n"); return 2; }
