/* target device(smp) with copy_in/copy_out/copy_inout, copy_deps and no_copy_deps, on
 * function tasks (target line before the task line) and on an inline task: on the
 * host the copies change nothing and the tasks compute as usual. */
#include "ompss_check.h"

#define N 64

#pragma omp target device(smp) copy_in([n]x) copy_out([n]y)
#pragma omp task in([n]x) out([n]y)
void square(const double *x, double *y, int n)
{
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}

#pragma omp target device(smp) copy_deps
#pragma omp task inout([n]y)
void add_one(double *y, int n)
{
    for (int i = 0; i < n; i++)
        y[i] += 1.0;
}

#pragma omp target device(smp) no_copy_deps copy_inout([n]y)
#pragma omp task inout([n]y)
void negate(double *y, int n)
{
    delay(5);
    for (int i = 0; i < n; i++)
        y[i] = -y[i];
}

int main(void)
{
    double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    double sum = 0;
    for (int i = 0; i < N; i++)
        x[i] = i;
    square(x, y, N);
    add_one(y, N);
    negate(y, N);
#pragma omp target device(smp) copy_in([N]y)
#pragma omp task in([N]y) out(sum)
    for (int i = 0; i < N; i++)
        sum += y[i];
#pragma omp task device(smp) copy_inout(sum) inout(sum)
    sum *= 2;
#pragma omp taskwait

    double ref = 0;
    for (int i = 0; i < N; i++) {
        CHECK(y[i] == -(i * (double)i + 1), "y[%d] = %g", i, y[i]);
        ref += -(i * (double)i + 1);
    }
    CHECK(sum == 2 * ref, "sum = %g, expected %g", sum, 2 * ref);
    free(x);
    free(y);
    return result_ok();
}
