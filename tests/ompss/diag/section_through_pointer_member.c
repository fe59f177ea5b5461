/* A dependence of two sections on a struct member that points to rows
 * (`g->rows[0;g->n][0;g->m]` of a `double **rows` member): not one region, as of a
 * variable (section_through_pointer_rows).  mcc laid it out from the member's pointers. */
#include <stdlib.h>

struct grid { int n, m; double **rows; };

#pragma omp task in(g->rows[0;g->n][0;g->m]) inout(*s)
void sum_grid(const struct grid *g, double *s)
{
    for (int i = 0; i < g->n; i++)
        for (int j = 0; j < g->m; j++)
            *s += g->rows[i][j];
}

int main(void)
{
    struct grid g = { 2, 3, malloc(2 * sizeof(double *)) };
    double s = 0;
    for (int i = 0; i < g.n; i++) {
        g.rows[i] = calloc(g.m, sizeof(double));
        g.rows[i][i] = 1;
    }
    sum_grid(&g, &s);
#pragma omp taskwait
    for (int i = 0; i < g.n; i++)
        free(g.rows[i]);
    free(g.rows);
    return s == 2 ? 0 : 1;
}
