/* ported: openmp
 * ported-werror
 * OpenMP 5.0's loop construct: `parallel loop` with reduction, bind and order(concurrent),
 * `loop` inside a parallel region with bind(parallel), private (a variable the region
 * declares and only the loop uses) and lastprivate of its variable, collapse(2) over a 2-D
 * array; each is a worksharing loop here (its iterations may run in any order, which is
 * all `loop` promises).  mcc refused `parallel loop` ("unknown clause 'loop' in 'parallel'
 * directive") and ignored a bare `loop`; the private variable was reported unused. */
#include <stdio.h>

#define N 600
#define M 40

static double grid[M][M];

int main(void)
{
    static double a[N], b[N];
    double s = 0, last = -1;
    long cells = 0;
#pragma omp parallel loop
    for (int i = 0; i < N; i++)
        a[i] = i * 0.5;
#pragma omp parallel loop reduction(+ : s) bind(parallel) order(concurrent)
    for (int i = 0; i < N; i++)
        s += a[i];
    int k = -1;
#pragma omp parallel
    {
        double t;
#pragma omp loop bind(parallel) private(t) lastprivate(k)
        for (k = 0; k < N; k++) {
            t = a[k] * 2;
            b[k] = t + 1;
        }
#pragma omp loop collapse(2) reduction(+ : cells)
        for (int i = 0; i < M; i++)
            for (int j = 0; j < M; j++) {
                grid[i][j] = i * M + j;
                cells += (i + j) % 3 == 0;
            }
    }
    double g = 0;
    for (int i = 0; i < M; i++)
        g += grid[i][M - 1 - i];
    last = b[k - 1];
    printf("sum %.1f, k %d, b[%d] %.1f, cells %ld, anti-diagonal %.1f\n", s, k, N - 1,
           last, cells, g);
    return 0;
}
