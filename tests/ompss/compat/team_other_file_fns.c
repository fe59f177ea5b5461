/* The orphaned loops team_other_file.c's regions call, compiled apart from it. */
#include <omp.h>

void fill_owners(int *owner, int n)
{
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
        owner[i] = omp_get_thread_num();
}

void fill_sizes(int *size, int n)
{
#pragma omp for schedule(static, 3)
    for (int i = 0; i < n; i++)
        size[i] = 100 * omp_get_num_threads() + omp_get_thread_num();
}

/* each thread adds its iterations into its own slot */
double slots[8];

void partial_sums(const double *x, int n)
{
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
        slots[omp_get_thread_num()] += x[i];
}
