/* ported: ompss
   ported-werror
   Function tasks on legacy C's K&R definitions, as old numerical code has them: a daxpy
   whose parameters share declarations (`double *x, *y;`) in another order than the list's,
   a fill with a `register int n`, a `float` parameter (passed promoted) and `double v[]`,
   a scaling of `double a[n][n]` declared in `dscal(a, n)` before n is listed (the spawn
   function declares n forward), a recursive sum whose tasks are calls of itself; mcc said
   "sorry, unimplemented: function task 'daxpy' with a K&R parameter list" */
#include <stdio.h>

#define N 64
#define BS 16

#pragma omp task in([n]x) inout([n]y)
static void daxpy(y, x, a, n)
    double *x, *y;
    double a;
    int n;
{
    int i;
    for (i = 0; i < n; i++)
        y[i] += a * x[i];
}

#pragma omp task out([n]v)
static void fill(v, n, seed)
    register int n;
    float seed;
    double v[];
{
    int i;
    for (i = 0; i < n; i++)
        v[i] = seed * (i % 7) + i;
}

#pragma omp task inout([n]a)
static void dscal(a, n)
    int n;
    double a[n][n];
{
    int i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            a[i][j] = a[i][j] * 0.5 + (i == j);
}

#pragma omp task in([hi - lo]v) out(*out)
static void psum(v, lo, hi, out)
    double *v;
    int lo, hi;
    double *out;
{
    if (hi - lo <= BS) {
        double s = 0;
        int i;
        for (i = 0; i < hi - lo; i++)
            s += v[i];
        *out = s;
        return;
    }
    int mid = lo + (hi - lo) / 2;
    double left, right;
    psum(v, lo, mid, &left);
    psum(v + (mid - lo), mid, hi, &right);
#pragma omp taskwait
    *out = left + right;
}

int main(void)
{
    static double x[N], y[N], m[8][8];
    int b, i;
    for (b = 0; b < N; b += BS) {
        fill(x + b, BS, 0.5f);
        fill(y + b, BS, (float)b);
    }
    for (b = 0; b < N; b += BS)
        daxpy(y + b, x + b, 2.0, BS);
    for (b = 0; b < N; b += BS)
        daxpy(y + b, x + b, -0.25, BS);

    for (i = 0; i < 64; i++)
        m[i / 8][i % 8] = i;
    dscal(m, 8);
    dscal(m, 8);

    double total = 0;
    psum(y, 0, N, &total);
#pragma omp taskwait

    double tr = 0;
    for (i = 0; i < 8; i++)
        tr += m[i][i] + m[i][7 - i];
    printf("y: %.4f %.4f %.4f\n", y[0], y[N / 2 + 3], y[N - 1]);
    printf("sum: %.4f trace: %.4f\n", total, tr);
    return 0;
}
