/* A kernel over blocks of an array whose header (poly.h) defines OpenCL's qualifiers for the
 * host itself; checked against check.c's host version of it. */
#include <stdio.h>
#include "poly.h"

#define N 1000
#define BS 200

int main(void)
{
    static float x[N], y[N];
    float coef[DEGREE + 1] = {1, -0.5f, 0.25f, 2, -0.125f};
    poly_params p = {1.5f, 3};
    for (int i = 0; i < N; i++)
        x[i] = (float)(i % 9) * 0.25f - 1;
    for (int b = 0; b < N; b += BS)
        poly_apply(BS, p, coef, &x[b], &y[b], 0);
    p.shift = 100;  /* the tasks keep the values of their call */
#pragma omp taskwait
    p.shift = 3;
    for (int b = 0; b < N; b += BS)
        for (int i = 0; i < BS; i++) {
            float want = poly_host(p, coef, &x[b], i, BS);
            if (y[b + i] != want) {
                printf("y[%d] = %g, expected %g\n", b + i, y[b + i], want);
                return 1;
            }
        }
    printf("result: OK\n");
    return 0;
}
