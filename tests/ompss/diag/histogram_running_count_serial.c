/* A histogram each thread of the region has, whose counts a `for nowait` loop also reads
 * (`out[i] = qq[l]` after `qq[l] += 1.0`: the count so far, which depends on the
 * iterations the thread ran before): no sum its tasks may reduce.  The loop runs as one
 * task (warned). */
void counts(double *out, const int *bin, int n)
{
#pragma omp parallel
    {
        double qq[10];
        for (int l = 0; l < 10; l++)
            qq[l] = 0.0;
#pragma omp for nowait
        for (int i = 0; i < n; i++) {
            qq[bin[i]] += 1.0;
            out[i] = qq[bin[i]];
        }
    }
}
