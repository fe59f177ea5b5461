/* A temporary each thread of the region has, set by a `for` loop's body only in a branch
 * and read outside it (`out[i] = t` where the branch was not taken reads what an earlier
 * iteration of the thread set): the loop runs as one task (warned). */
void last_positive(double *out, const double *in, int n)
{
#pragma omp parallel
    {
        double t = 0.0;
#pragma omp for
        for (int i = 0; i < n; i++) {
            if (in[i] > 0.0)
                t = in[i];
            out[i] = t;
        }
    }
}
