/* Rows of a `double **` each thread of the region builds, all pointing at one scratch row:
 * rows[i][k] is the iteration's own row only if no two rows share storage.  In mcc's
 * region there is one scratch row, so the loop runs as one task (warned); mcc took
 * rows[i] for the iteration's own and ran tasks at once that filled one row together. */
#include <stdlib.h>

void rows_sum(double *out, int n, int m)
{
#pragma omp parallel
    {
        double *row = malloc((size_t)m * sizeof *row);
        double **rows = malloc((size_t)n * sizeof *rows);
        for (int r = 0; r < n; r++)
            rows[r] = row;
#pragma omp for
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int k = 0; k < m; k++)
                rows[i][k] = (i + k) % 11;
            for (int k = 0; k < m; k++)
                s += rows[i][k] * (k + 1);
            out[i] = s;
        }
        free(rows);
        free(row);
    }
}
