/* A row-major update p[i*ld + j] with j below n: nothing says the leading dimension ld is
 * at least n, so rows may overlap and the loop runs as one task (warned). */
void scale(double *p0, int n, int ld, double f)
{
#pragma omp parallel
    {
        double *p = p0;
#pragma omp for
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                p[i * ld + j] *= f;
    }
}
