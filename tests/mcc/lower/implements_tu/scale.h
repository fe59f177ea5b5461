/* The function task scale (defined in scale.c) and the counters of its versions. */
#pragma omp task inout([n]v)
void scale(int *v, int n, int k);

extern int runs_plain, runs_other;
