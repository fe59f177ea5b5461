/* An orphaned `for` writing rows of a `double ***` parameter, called from a parallel
 * region with a grid all its threads share, and also from code outside any region: a team
 * of one thread, whose iterations run one after the other even where two rows are one.
 * The loop runs as one task (warned). */
static double ***shared_grid;

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
    smooth(shared_grid, n);
    smooth(shared_grid, n);
}
