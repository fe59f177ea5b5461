/* The task and its second version, declared once for every unit that calls or defines
 * them (OMPSS.md: an implements() version must be visible where the task is). */
#ifndef KERNELS_H
#define KERNELS_H
#pragma omp task out([n]v)
void fill(int *v, int n, int x);

#pragma omp target device(smp) implements(fill)
#pragma omp task out([n]v)
void fill_unrolled(int *v, int n, int x);
#endif
