/* ported: openmp
 * ported-werror
 * Reductions on long double and complex types: `+`, `*`, `max`, `min` on long double,
 * `+` and `*` on float, double and long double `_Complex` (also spelled `complex` from
 * <complex.h>), on `parallel for`, a `for` in a region, `taskloop`, `sections`, a `parallel`
 * region, and `task_reduction`/`in_reduction`; values chosen so that every order of the
 * operations gives the same bits. */
#include <complex.h>
#include <stdio.h>

#define N 512

static long double ld[N];
static double complex zc[N];

int main(void)
{
    for (int i = 0; i < N; i++) {
        ld[i] = (long double)(i % 37) / 8.0L + 0.25L;
        zc[i] = (double)(i % 5) - 2.0 + (double)(i % 3) * I;
    }

    long double s1 = 0.0L, p1 = 1.0L, mx = -1.0L, mn = 1e30L;
#pragma omp parallel for reduction(+: s1) reduction(max: mx) reduction(min: mn)
    for (int i = 0; i < N; i++) {
        s1 += ld[i];
        if (ld[i] > mx)
            mx = ld[i];
        if (ld[i] < mn)
            mn = ld[i];
    }
#pragma omp parallel for reduction(*: p1)
    for (int i = 0; i < 40; i++)
        p1 *= (i % 4 == 0) ? 2.0L : ((i % 4 == 1) ? 0.5L : 1.0L) * 1.5L;
    printf("long double: sum=%.6Lf max=%.4Lf min=%.4Lf prod=%.6Lf\n", s1, mx, mn, p1);

    double complex zs = 0.0, zp = 1.0;
    float complex fs = 0.0f;
    long double complex ls = 0.0L;
#pragma omp parallel
    {
#pragma omp for reduction(+: zs, fs)
        for (int i = 0; i < N; i++) {
            zs += zc[i];
            fs += (float complex)zc[i];
        }
#pragma omp for reduction(+: ls) schedule(dynamic, 7)
        for (int i = 0; i < N; i++)
            ls += (long double complex)zc[i] * (long double)(i % 4);
    }
#pragma omp parallel for reduction(*: zp)
    for (int i = 0; i < 12; i++)
        zp *= (i % 2) ? I : (1.0 + 1.0 * I);
    printf("complex: zs=(%.3f,%.3f) fs=(%.3f,%.3f) ls=(%.3Lf,%.3Lf) zp=(%.3f,%.3f)\n",
           creal(zs), cimag(zs), (double)crealf(fs), (double)cimagf(fs), creall(ls), cimagl(ls),
           creal(zp), cimag(zp));

    long double tl = 0.0L;
    double complex tz = 0.0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop reduction(+: tl, tz) grainsize(32)
        for (int i = 0; i < N; i++) {
            tl += ld[i] * 2.0L;
            tz += zc[i] * I;
        }
    }
    printf("taskloop: tl=%.6Lf tz=(%.3f,%.3f)\n", tl, creal(tz), cimag(tz));

    long double gl = 0.0L;
    long double complex gz = 0.0L;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: gl, gz)
    {
        for (int b = 0; b < N; b += 64) {
#pragma omp task in_reduction(+: gl, gz) firstprivate(b)
            for (int i = b; i < b + 64; i++) {
                gl += ld[i];
                gz += (long double complex)zc[i];
            }
        }
    }
    printf("task_reduction: gl=%.6Lf gz=(%.3Lf,%.3Lf)\n", gl, creall(gz), cimagl(gz));

    long double sec = 0.0L;
    double complex secz = 0.0;
#pragma omp parallel sections reduction(+: sec, secz)
    {
#pragma omp section
        { sec += ld[1]; secz += zc[1]; }
#pragma omp section
        { sec += ld[2]; secz += zc[2]; }
#pragma omp section
        { sec += ld[3]; secz += zc[3] * 2.0; }
    }
    printf("sections: sec=%.6Lf secz=(%.3f,%.3f)\n", sec, creal(secz), cimag(secz));

    long double reg = 0.0L;
    double complex regz = 0.0;
#pragma omp parallel reduction(+: reg, regz)
    {
        reg += 1.5L;
        regz += 1.0 * I;
    }
    /* each thread added once: report the ratio, which does not depend on the team */
    printf("region: per-thread=%.3Lf ratio=%.3f\n", reg / (reg / 1.5L), cimag(regz) / (double)(reg / 1.5L));
    return 0;
}
