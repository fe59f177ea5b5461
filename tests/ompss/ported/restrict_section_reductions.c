/* ported: openmp
 * ported-werror
 * Reductions over sections of `restrict` pointer parameters, as numerical kernels declare
 * their outputs (`long *restrict out`, `double *restrict const d`): a histogram by
 * `parallel for reduction(+: out[0:nb])`, a `taskloop` reducing two sections, a
 * `taskgroup task_reduction(max: d[0:2])` with an `in_reduction` task, a `parallel for`
 * with `*` and `+` on sections, and `const double v[const restrict static 4]` read by tasks.
 * mcc's copy of the private section's base passed `&b` of a `long *restrict` to memcpy:
 * gcc warned "discards 'restrict' qualifier" at a column of the generated code (an error
 * under -Werror).
 */
#include <stdio.h>
#include <stdlib.h>

static void hist(const int *restrict keys, int n, long *restrict out, int nb)
{
#pragma omp parallel for reduction(+: out[0:nb])
    for (int i = 0; i < n; i++)
        out[keys[i] % nb]++;
}

static void kernels(int n, long *restrict out, long *restrict const o2, double *restrict d)
{
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop reduction(+: out[1:2], o2[0:3]) grainsize(2)
        for (int i = 0; i < n; i++) {
            out[1 + i % 2]++;
            o2[i % 3] += 2;
        }
#pragma omp taskgroup task_reduction(max: d[0:2])
        {
#pragma omp task in_reduction(max: d[0:2])
            d[1] = d[1] > 3 ? d[1] : 3;
        }
    }
#pragma omp parallel for reduction(*: d[0:2]) reduction(+: o2[0:3])
    for (int i = 0; i < 3; i++) {
        d[i % 2] *= 2;
        o2[i]++;
    }
}

static double tred(int n, const double v[const restrict static 4])
{
    double s = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: s)
    for (int b = 0; b < n; b += 4) {
#pragma omp task in_reduction(+: s) firstprivate(b) depend(in: v[b:4])
        for (int i = b; i < b + 4 && i < n; i++)
            s += v[i];
    }
    return s;
}

int main(void)
{
    int n = 100;
    int *keys = malloc(n * sizeof *keys);
    double *v = malloc(n * sizeof *v);
    for (int i = 0; i < n; i++) {
        keys[i] = (i * 37) % 101;
        v[i] = i * 0.5;
    }
    long out[7] = { 0 }, a[4] = { 0 }, b[3] = { 0 };
    double d[2] = { 1, 1 };
    hist(keys, n, out, 7);
    kernels(10, a, b, d);
    for (int k = 0; k < 7; k++)
        printf("%ld ", out[k]);
    printf("| %ld %ld %ld %ld | %ld %ld %ld | %g %g | %g\n", a[0], a[1], a[2], a[3], b[0],
           b[1], b[2], d[0], d[1], tred(n, v));
    free(keys);
    free(v);
    return 0;
}
