/* A worksharing loop writing a[i*n + j] with j counting to 2n, the pointer firstprivate
 * to the region: a row runs into the next, so the loop runs as one task (warned). */
void overrun(double *a, int n)
{
    int i, j;
#pragma omp parallel firstprivate(a) private(j)
    {
#pragma omp for
        for (i = 0; i < n; i++)
            for (j = 0; j < 2 * n; j++)
                a[i * n + j] += j;
    }
}
