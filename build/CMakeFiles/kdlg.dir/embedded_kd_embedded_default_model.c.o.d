CMakeFiles/kdlg.dir/embedded_kd_embedded_default_model.c.o: \
 /work/main/build/embedded_kd_embedded_default_model.c \
 /usr/include/stdc-predef.h
