/* Per-thread partial sums a worksharing loop adds into through `*(q + i % 4)`, q private
 * to each thread of the region: every iteration writes one of four elements, so the loop
 * runs as one task (warned); mcc did not see a write without a subscript and ran the
 * loop as tasks at once, losing updates. (The body asks omp_get_num_threads(), in a
 * single: mcc runs it once, as a team of one; without it, a team of threads runs it,
 * each thread its own copy.) */
#include <omp.h>

int team;
long partial(const long *x, int n)
{
    long s = 0;
#pragma omp parallel reduction(+ : s)
    {
        long work[4] = {0, 0, 0, 0};
        long *q = work;
#pragma omp for
        for (int i = 0; i < n; i++)
            *(q + i % 4) += x[i];
        s += work[0] - work[1] + work[2] - work[3];
#pragma omp single
        team = omp_get_num_threads();
    }
    return s;
}
