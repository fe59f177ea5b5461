/* An orphaned `for` writing rows of a `double ***` parameter of a function other units
 * may call (not static), whatever they hand in: here a region hands in a grid all its
 * threads share, but another caller may hand each thread's own.  The loop runs as one
 * task (warned). */
static double ***shared_grid;

void smooth(double ***u, int n)
{
#pragma omp for
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++)
                u[i][j][k] = 0.5 * u[i][j][k] + 1.0;
}

void run(int n)
{
#pragma omp parallel
    smooth(shared_grid, n);
}
