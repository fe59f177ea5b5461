/* ported: openmp
 * ported-werror
 * Older C around tasks: K&R function definitions (parameters declared after the list,
 * among them a VLA `double a[n][n]` and an array of function pointers `op_t ops[]`),
 * `register` locals and parameters read by tasks, tasks in the cases of a `switch` (one
 * right after its `case` label, one in braces, one followed by a fall-through),
 * `goto` out of two loops that created tasks and a label before the `taskwait`, `break`
 * and `continue` around tasks in `while`/`do` loops, tasks from macros built with
 * `_Pragma("omp task ...")`, implicit int-returning helpers declared `static int`. */
#include <stdio.h>

#define NV 300
#define SPAWN_ADD(dst, val) do { _Pragma("omp task") { _Pragma("omp atomic") dst += (val); } } while (0)
#define TASK_SCALE(p, k) _Pragma("omp task firstprivate(k)") (p)[k] *= 3

static double vals[NV];
static int kinds[NV];
static long acc_case[4];

static int fill(v, k, n, seed)
    double *v;
    int *k;
    int n;
    unsigned seed;
{
    register int i;
    for (i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        k[i] = (int)((seed >> 16) % 5u);
        v[i] = (double)((seed >> 8) % 100u) - 10.0;
    }
    return n;
}

static double process(v, k, n)
    double *v;
    int *k;
    register int n;
{
    register int i;
    double extra = 0.0;
    for (i = 0; i < n; i++) {
        switch (k[i]) {
        case 0:
#pragma omp task firstprivate(i) shared(v)
            v[i] = v[i] * 2.0;
            break;
        case 1: {
            register double w = v[i];
#pragma omp task firstprivate(w, i)
            {
#pragma omp atomic
                acc_case[1] += (long)w;
            }
            break;
        }
        case 2:
#pragma omp task shared(extra)
            {
#pragma omp atomic
                extra += 0.5;
            }
            /* fall through */
        case 3:
            TASK_SCALE(v, i);
            break;
        default:
            SPAWN_ADD(acc_case[0], i);
            break;
        }
    }
#pragma omp taskwait
    return extra;
}

typedef double (*op_t)(double);
static double twice(double x) { return 2 * x; }
static double square(double x) { return x * x; }

/* K&R parameters of array types (a VLA, an array of function pointers): pointers, as in
 * a prototype (mcc took them for local arrays and copied them into the tasks: a crash) */
static int apply(n, a, ops, nops)
    int n;
    double a[n][n];
    op_t ops[];
    int nops;
{
    register int i;
    for (i = 0; i < n; i++) {
#pragma omp task depend(inout: a[i][0]) firstprivate(i)
        for (int j = 0; j < n; j++)
            a[i][j] = ops[(i + j) % nops](a[i][j]);
    }
#pragma omp taskwait
    return n;
}

/* the first block holding a value above the limit; tasks scan the blocks before it */
static int scan_until(double *v, int n, double limit, long *sums)
{
    int b, i, found = -1;
    for (b = 0; b < n / 10; b++) {
        for (i = b * 10; i < b * 10 + 10; i++) {
            if (v[i] > limit) {
                found = b;
                goto done;
            }
        }
#pragma omp task firstprivate(b)
        {
            long s = 0;
            for (int j = b * 10; j < b * 10 + 10; j++)
                s += (long)v[j];
            sums[b] = s;
        }
    }
done:;
#pragma omp taskwait
    return found;
}

static long loops(const double *v, int n)
{
    long total = 0;
    int i = 0;
    while (1) {
        if (i >= n)
            break;
        if (i % 7 == 3) {
            i++;
            continue;
        }
#pragma omp task firstprivate(i) shared(total)
        {
#pragma omp atomic
            total += (long)v[i] + i;
        }
        i++;
    }
    do {
        --i;
        if (i % 2)
            continue;
#pragma omp task firstprivate(i) shared(total)
        {
#pragma omp atomic
            total -= i / 2;
        }
    } while (i > n / 2);
#pragma omp taskwait
    return total;
}

int main()
{
    long sums[NV / 10];
    double extra, s = 0.0;
    int found, i;

    fill(vals, kinds, NV, 7u);
#pragma omp parallel
#pragma omp single
    extra = process(vals, kinds, NV);
    for (i = 0; i < NV; i++)
        s += vals[i];
    printf("process: sum=%.1f extra=%.1f case0=%ld case1=%ld\n", s, extra, acc_case[0], acc_case[1]);

    for (i = 0; i < NV / 10; i++)
        sums[i] = -1;
#pragma omp parallel
#pragma omp master
    found = scan_until(vals, NV, 240.0, sums);
    s = 0.0;
    for (i = 0; i < NV / 10 && sums[i] != -1; i++)
        s += (double)sums[i];
    printf("scan: found=%d blocks=%d sum=%.0f\n", found, i, s);

    long t;
#pragma omp parallel
#pragma omp single
    t = loops(vals, NV);
    printf("loops: %ld\n", t);

    {
        int n = 7;
        double m[n][n];
        op_t ops[] = {twice, square, twice};
        for (i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                m[i][j] = i + j * 0.5;
#pragma omp parallel
#pragma omp single
        apply(n, m, ops, 3);
        s = 0.0;
        for (i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                s += m[i][j];
        printf("apply: %.3f\n", s);
    }
    return 0;
}
