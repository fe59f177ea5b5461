/* A worksharing loop adding into b[i + j], j an inner counter, of a buffer each thread
 * allocates: iterations write each other's elements, so the loop runs as one task
 * (warned), not as tasks at once. (The body asks omp_get_num_threads(), in a single: mcc
 * runs it once, as a team of one; without it, a team of threads runs it, each thread its
 * own copy.) */
#include <omp.h>
#include <stdlib.h>

int team;
long window(int n)
{
    long s = 0;
#pragma omp parallel reduction(+ : s)
    {
        long *b = calloc((size_t)n + 4, sizeof *b);
        int j;
#pragma omp for
        for (int i = 0; i < n; i++)
            for (j = 0; j < 4; j++)
                b[i + j] += j;
        s += b[n];
        free(b);
#pragma omp single
        team = omp_get_num_threads();
    }
    return s;
}
