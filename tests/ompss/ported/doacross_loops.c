/* ported: openmp
 * ported-werror
 * Doacross loops (OpenMP 4.5): a 2-D wavefront with `ordered(2)` and `ordered
 * depend(sink: i - 1, j) depend(sink: i, j - 1)` ... `depend(source)`, and a 1-D
 * recurrence with `ordered(1)`.  Every iteration reads what earlier ones wrote; the loop
 * runs its iterations in order, which keeps every such dependence.  mcc refused them
 * ("sorry"). */
#include <stdio.h>
#define N 30
#define M 20
int main(void) {
    static double a[N][M];
    for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) a[i][j] = (i == 0 || j == 0) ? 1 : 0;
    #pragma omp parallel for ordered(2)
    for (int i = 1; i < N; i++)
        for (int j = 1; j < M; j++) {
            #pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
            a[i][j] = (a[i-1][j] + a[i][j-1]) * 0.5 + 1;
            #pragma omp ordered depend(source)
        }
    double b[100]; b[0] = 1;
    #pragma omp parallel for ordered(1)
    for (int i = 1; i < 100; i++) {
        #pragma omp ordered depend(sink: i - 1)
        b[i] = b[i-1] * 1.01 + 1;
        #pragma omp ordered depend(source)
    }
    printf("%.6f %.6f\n", a[N-1][M-1], b[99]);
    return 0;
}
