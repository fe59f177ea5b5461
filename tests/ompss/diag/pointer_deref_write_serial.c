/* Per-thread partial sums a worksharing loop adds into through `*(q + i % 4)`, q private
 * to each thread of the region, thread 0's kept by a master: every iteration writes one
 * of four elements, so the loop runs as one task (warned); mcc did not see a write
 * without a subscript and ran the loop as tasks at once, losing updates.  (A body that
 * adds every thread's sums runs on a team of threads, each thread its own.) */
long partial(const long *x, int n)
{
    long s = 0;
#pragma omp parallel
    {
        long work[4] = {0, 0, 0, 0};
        long *q = work;
#pragma omp for
        for (int i = 0; i < n; i++)
            *(q + i % 4) += x[i];
#pragma omp master
        s = work[0] - work[1] + work[2] - work[3];
    }
    return s;
}
