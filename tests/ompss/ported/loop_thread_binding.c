/* ported: openmp
 * ported-werror
 * OpenMP 5.0's loop construct where it binds to the encountering thread: without a bind
 * clause inside `single` and a task (gcc -fopenmp's reading: a worksharing construct or a
 * task below the parallel region), with `bind(thread)` in a function each task calls and
 * inside `critical`, with reduction, collapse(2) and private; `loop` directly in a region
 * still splits the work among the team.  mcc refused each thread-bound one ("'#pragma omp
 * for' may not be closely nested inside '#pragma omp single'"). */
#include <stdio.h>

#define N 64

static double row_sum(const double *r, int n)
{
    double s = 0;
#pragma omp loop bind(thread) reduction(+: s)
    for (int i = 0; i < n; i++)
        s += r[i];
    return s;
}

int main(void)
{
    static double m[8][N];
    double rows[8] = {0}, total = 0, scaled = 0;
    long cells = 0, hist[4] = {0, 0, 0, 0};
    int tmp = 0;
#pragma omp parallel
    {
#pragma omp single
        {
#pragma omp loop collapse(2) private(tmp)
            for (int r = 0; r < 8; r++)
                for (int c = 0; c < N; c++) {
                    tmp = (r * 31 + c * 7) % 17;
                    m[r][c] = tmp * 0.5;
                }
            for (int r = 0; r < 8; r++) {
#pragma omp task firstprivate(r) shared(rows, m)
                {
                    long mine = 0;
                    rows[r] = row_sum(m[r], N);
#pragma omp loop reduction(+: mine)
                    for (int c = 0; c < N; c++)
                        mine += m[r][c] > 4.0;
#pragma omp atomic
                    cells += mine;
                }
            }
#pragma omp taskwait
#pragma omp loop reduction(+: total)
            for (int r = 0; r < 8; r++)
                total += rows[r];
        }
#pragma omp critical
        {
#pragma omp loop bind(thread)
            for (int k = 0; k < 4; k++)
                hist[k] += 1;
        }
#pragma omp loop reduction(+: scaled)
        for (int i = 0; i < N; i++)
            scaled += m[i % 8][i] * 2;
    }
    printf("%.1f %.1f %ld %.1f\n", total, rows[3], cells, scaled);
    printf("%d\n", hist[0] >= 1 && hist[0] == hist[3]);
    return 0;
}
