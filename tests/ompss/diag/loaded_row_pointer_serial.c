/* A loop that loads a row of a `double **` each thread of the region builds into a pointer
 * of its own body and fills the row through it: the rows are each thread's storage, and
 * may share it, so the loop runs as one task (warned); mcc saw no write through the
 * region's variables and ran tasks at once. */
#include <stdlib.h>

double use(const double *row, int m);

void fill_rows(double *out, double **tmpl, int n, int m)
{
#pragma omp parallel
    {
        double **rows = malloc((size_t)n * sizeof *rows);
        for (int r = 0; r < n; r++)
            rows[r] = tmpl[r % 2];
#pragma omp for
        for (int i = 0; i < n; i++) {
            double *row = rows[i];
            for (int k = 0; k < m; k++)
                row[k] = i + k;
            out[i] = use(row, m);
        }
        free(rows);
    }
}
