#define ARGS_DEP 1
