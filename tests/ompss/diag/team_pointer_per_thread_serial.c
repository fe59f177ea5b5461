/* An orphaned `for` writing rows of a `double ***` parameter, called from a parallel
 * region with a grid each thread of the region builds itself (declared in the region):
 * each thread's iterations fill its own grid in OpenMP, and rows of it may be one row
 * (`g[1][0] == g[0][0]`).  The loop runs as one task (warned). */
double ***grid(int n);

static void smooth(double ***u, int n)
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
    {
        double ***mine = grid(n);
        smooth(mine, n);
    }
}
