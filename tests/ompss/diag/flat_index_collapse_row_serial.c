/* collapse(2) over i and j adding into r[i][0] of per-thread rows: the iterations (i, j)
 * of one i write one element, so the loop runs as one task (warned); mcc ran it as tasks
 * at once. (The body asks omp_get_num_threads(), in a single: mcc runs it once, as a
 * team of one; without it, a team of threads runs it, each thread its own copy.) */
#include <omp.h>

int team;
long rows(void)
{
    long s = 0;
#pragma omp parallel reduction(+ : s)
    {
        long row[64][2] = {{0}};
        long (*r)[2] = row;
#pragma omp for collapse(2)
        for (int i = 0; i < 64; i++)
            for (int j = 0; j < 2000; j++)
                r[i][0] += j % 3;
        for (int i = 0; i < 64; i++)
            s += row[i][0];
#pragma omp single
        team = omp_get_num_threads();
    }
    return s;
}
