// neg-clone-func-header.cu: a trace macro that prints the function's name
#define NAME __func__
#define TRACE(i) \
  if ((i) == 0) printf("in %s\n", NAME)
