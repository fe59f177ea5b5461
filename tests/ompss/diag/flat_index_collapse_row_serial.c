/* collapse(2) over i and j adding into r[i][0] of per-thread rows, thread 0's sum kept
 * by a master: the iterations (i, j) of one i write one element, so the loop runs as one
 * task (warned); mcc ran it as tasks at once.  (A body that adds every thread's sum, as
 * reduction(+: s) then s += ..., runs on a team of threads, each thread its own row.) */
long rows(void)
{
    long s = 0;
#pragma omp parallel
    {
        long row[64][2] = {{0}};
        long (*r)[2] = row;
#pragma omp for collapse(2)
        for (int i = 0; i < 64; i++)
            for (int j = 0; j < 2000; j++)
                r[i][0] += j % 3;
#pragma omp master
        for (int i = 0; i < 64; i++)
            s += row[i][0];
    }
    return s;
}
