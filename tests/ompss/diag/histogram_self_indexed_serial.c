/* A histogram each thread of the region has, added to at an element its own counts pick
 * (`qq[(int)qq[0] % 4] += 1`), thread 0's kept by a master: the element depends on the
 * iterations the thread ran before, so the adds are no sum its tasks may reduce.  The
 * loop runs as one task (warned).  (A body that adds every thread's histogram, under
 * critical, runs on a team of threads, each thread its own.) */
void spread(double *out, int n)
{
#pragma omp parallel
    {
        double qq[4] = {0.0, 0.0, 0.0, 0.0};
#pragma omp for
        for (int i = 0; i < n; i++)
            qq[(int)qq[0] % 4] += 1.0;
#pragma omp master
        out[0] = qq[0] + qq[1] + qq[2] + qq[3];
    }
}
