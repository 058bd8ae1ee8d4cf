CMakeFiles/kdlg.dir/embedded_kd_embedded_cuda_prelude.c.o: \
 /work/main/build/embedded_kd_embedded_cuda_prelude.c \
 /usr/include/stdc-predef.h
