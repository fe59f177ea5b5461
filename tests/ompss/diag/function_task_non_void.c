/* A function task must return void: its caller does not wait for a result. */
#pragma omp task in(*p)
int twice(const int *p);
