/* A worksharing loop adding into b[i + j], j an inner counter, of a buffer each thread
 * allocates, thread 0's result kept by a master: iterations write each other's elements,
 * so the loop runs as one task (warned), not as tasks at once.  (A body that adds every
 * thread's result runs on a team of threads, each thread its own buffer.) */
#include <stdlib.h>

long window(int n)
{
    long s = 0;
#pragma omp parallel
    {
        long *b = calloc((size_t)n + 4, sizeof *b);
        int j;
#pragma omp for
        for (int i = 0; i < n; i++)
            for (j = 0; j < 4; j++)
                b[i + j] += j;
#pragma omp master
        s = b[n];
        free(b);
    }
    return s;
}
