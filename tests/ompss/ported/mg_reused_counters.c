/* ported: openmp
 * ported-werror
 * NPB MG's comm3 and smoothers: orphaned `for` loops in functions a region calls, whose
 * inner counters (locals of the function, one per calling thread) the next loops count
 * with again: `for (i1 = 0; i1 < n1; i1++)` inside the axis-2 loop, then the axis-3 loop
 * with an inner `for (i1 = 0; ...)`; a counter set again by a `for` inside a later
 * sequential loop's body, and by a `while` loop's first statement.  Each such loop's tasks
 * have their own counter; mcc took the next loop's `i1 < n1` for a read of the value the
 * loop left and ran it as one task with a warning (an error under -Werror). */
#include <stdio.h>

#define NX 18

static double u[NX][NX][NX], r[NX][NX][NX];

static void comm3(double u[NX][NX][NX], int n1, int n2, int n3)
{
    int i1, i2, i3;
#pragma omp for
    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i2 = 1; i2 < n2 - 1; i2++) {
            u[i3][i2][n1 - 1] = u[i3][i2][1];
            u[i3][i2][0] = u[i3][i2][n1 - 2];
        }
#pragma omp for
    for (i3 = 1; i3 < n3 - 1; i3++)
        for (i1 = 0; i1 < n1; i1++) {
            u[i3][n2 - 1][i1] = u[i3][1][i1];
            u[i3][0][i1] = u[i3][n2 - 2][i1];
        }
#pragma omp for
    for (i2 = 0; i2 < n2; i2++)
        for (i1 = 0; i1 < n1; i1++) {
            u[n3 - 1][i2][i1] = u[1][i2][i1];
            u[0][i2][i1] = u[n3 - 2][i2][i1];
        }
}

/* r = the 6-point Laplacian of u; then the sums of a few planes, one by one */
static void resid_planes(double u[NX][NX][NX], double r[NX][NX][NX], int n, double *planes)
{
    int i, j, k, p;
#pragma omp for
    for (i = 1; i < n - 1; i++)
        for (j = 1; j < n - 1; j++)
            for (k = 1; k < n - 1; k++)
                r[i][j][k] = u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] +
                             u[i][j + 1][k] + u[i][j][k - 1] + u[i][j][k + 1] - 6.0 * u[i][j][k];
#pragma omp single
    for (p = 0; p < 3; p++) {
        double s = 0.0;
        for (j = 0; j < n; j++)
            for (k = 0; k < n; k++)
                s += r[4 * p + 2][j][k];
        planes[p] = s;
    }
}

static int done;

/* sweeps counted by a while loop whose first statement sets the counter */
static void sweeps(double u[NX][NX][NX], int n, int times)
{
    int i, k;
#pragma omp for
    for (i = 0; i < n; i++)
        for (k = 0; k < n; k++)
            u[i][k][0] *= 0.5;
#pragma omp single
    while (done < times) {
        k = done * 2;
        u[0][0][k % n] += 1.0;
        done++;
    }
}

int main(void)
{
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NX; j++)
            for (int k = 0; k < NX; k++)
                u[i][j][k] = (double)((i * 7 + j * 13 + k * 29) % 17) - 8.0;
    double planes[3] = {0.0, 0.0, 0.0};
#pragma omp parallel
    {
        comm3(u, NX, NX, NX);
        resid_planes(u, r, NX, planes);
        comm3(r, NX, NX, NX);
        sweeps(u, NX, 5);
    }
    double s = 0.0, t = 0.0;
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NX; j++)
            for (int k = 0; k < NX; k++) {
                s += u[i][j][k] * (double)((i + 2 * j + 3 * k) % 7);
                t += r[i][j][k] * (double)((3 * i + j + k) % 5);
            }
    printf("u %.2f r %.2f planes %.1f %.1f %.1f sweeps %d\n", s, t, planes[0], planes[1],
           planes[2], done);
    return 0;
}
