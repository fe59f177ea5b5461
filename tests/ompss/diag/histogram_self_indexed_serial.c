/* A histogram each thread of the region has, added to at an element its own counts pick
 * (`qq[(int)qq[0] % 4] += 1`): the element depends on the iterations the thread ran
 * before, so the adds are no sum its tasks may reduce. The loop runs as one task
 * (warned). (The body asks omp_get_num_threads(), in a single: mcc runs it once, as a
 * team of one; without it, a team of threads runs it, each thread its own copy.) */
#include <omp.h>

int team;
void spread(double *out, int n)
{
#pragma omp parallel
    {
        double qq[4] = {0.0, 0.0, 0.0, 0.0};
#pragma omp for
        for (int i = 0; i < n; i++)
            qq[(int)qq[0] % 4] += 1.0;
#pragma omp critical
        out[0] += qq[0] + qq[1] + qq[2] + qq[3];
#pragma omp single
        team = omp_get_num_threads();
    }
}
