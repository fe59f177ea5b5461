/* A function task cannot be variadic: its arguments are captured by value. */
#pragma omp task inout(*acc)
void sum_all(long *acc, int n, ...);
