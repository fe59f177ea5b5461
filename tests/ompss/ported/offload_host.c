/* ported: openmp
 * ported-werror
 * ported-seq-libs: -lgomp
 * An offloading code built for the host (as gcc -fopenmp without an offload target runs
 * it): `requires atomic_default_mem_order(seq_cst)`, a `declare target` block around a
 * helper and its table, `target enter data map(to:)` / `target exit data map(from:)`
 * around the time loop, a `target data` region with `map(tofrom:)`, `target update
 * from(...)`, `target teams distribute parallel for collapse(2) reduction(max: err)`
 * (Jacobi), `target teams distribute parallel for simd` (STREAM triad), `target parallel
 * for` with `map`, `device(0)` and `if(target: ...)`, `target teams distribute reduction`, a
 * host `teams distribute parallel for`, `target teams loop`, a `target`, a `target update`
 * and a `target teams distribute parallel for ... nowait` with `depend(in:)` on what
 * sibling tasks produce (mcc waits as `taskwait depend`), a `target` region holding a
 * `parallel for`, `target map(from: host)` on one statement, a bare `target` block,
 * `target simd`, `omp_get_num_devices()` and `omp_is_initial_device()` (0 devices: the
 * host). mcc said "unknown clause 'teams' in 'target' directive" and "'#pragma omp target'
 * must be followed by a task or a function declaration". */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

#pragma omp requires atomic_default_mem_order(seq_cst)

#pragma omp declare target
static const double weights[3] = {0.25, 0.5, 0.25};
static double smooth(double a, double b, double c)
{
    return weights[0] * a + weights[1] * b + weights[2] * c;
}
#pragma omp end declare target

static double total(const double *x, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

static double jacobi(double (*u)[N], double (*unew)[N], int iters)
{
    double err = 0.0;
#pragma omp target data map(tofrom: u[0:N][0:N]) map(alloc: unew[0:N][0:N])
    {
        for (int it = 0; it < iters; it++) {
            err = 0.0;
#pragma omp target teams distribute parallel for collapse(2) reduction(max: err) \
    map(tofrom: err) thread_limit(64) num_teams(4)
            for (int i = 1; i < N - 1; i++)
                for (int j = 1; j < N - 1; j++) {
                    unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
                    err = fmax(err, fabs(unew[i][j] - u[i][j]));
                }
#pragma omp target teams distribute parallel for collapse(2)
            for (int i = 1; i < N - 1; i++)
                for (int j = 1; j < N - 1; j++)
                    u[i][j] = unew[i][j];
        }
#pragma omp target update from(u[0:N][0:N])
    }
    return err;
}

int main(void)
{
    int n = 10000;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    for (int i = 0; i < n; i++) {
        b[i] = i % 10;
        c[i] = (i % 7) * 0.5;
    }
    double scalar = 3.0;
#pragma omp target enter data map(to: b[0:n], c[0:n]) map(alloc: a[0:n])
    for (int k = 0; k < 3; k++) {
#pragma omp target teams distribute parallel for simd
        for (int i = 0; i < n; i++)
            a[i] = b[i] + scalar * c[i];
#pragma omp target parallel for map(tofrom: b[0:n]) device(0) if(target: n > 100)
        for (int i = 0; i < n; i++)
            b[i] = a[i] * 0.5;
#pragma omp target teams loop
        for (int i = 1; i < n - 1; i++)
            c[i] = smooth(b[i - 1], b[i], b[i + 1]);
    }
#pragma omp target exit data map(from: a[0:n]) map(release: b[0:n], c[0:n])
    printf("stream %.3f %.3f %.3f\n", total(a, n), total(b, n), total(c, n));

    double (*u)[N] = calloc(N, sizeof *u), (*unew)[N] = calloc(N, sizeof *unew);
    for (int i = 0; i < N; i++)
        u[i][0] = u[0][i] = 100.0;
    double err = jacobi(u, unew, 20);
    double mid = 0;
#pragma omp target map(tofrom: mid) map(to: u[0:N][0:N])
    {
        double s = 0;
#pragma omp parallel for reduction(+: s)
        for (int i = 0; i < N; i++)
            s += u[i][N / 4];
        mid = s;
    }
    double col = 0.0, col2 = 0.0;
#pragma omp target teams distribute reduction(+: col) map(to: u[0:N][0:N])
    for (int i = 0; i < N; i++)
        col += u[i][N / 2];
#pragma omp teams distribute parallel for reduction(+: col2)
    for (int i = 0; i < N; i++)
        col2 += u[N / 2][i];
    /* a target waiting for the sibling task that produces its input (depend) */
    double prod[2] = {0.0, 0.0}, got = 0.0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out: prod[0]) shared(prod)
        {
            for (volatile long w = 0; w < 3000000; w++)
                ;
            prod[0] = 42.0;
        }
#pragma omp target map(to: prod[0:2]) map(from: got) depend(in: prod[0])
        got = prod[0] + 1.0;
#pragma omp task depend(out: prod[1]) shared(prod)
        {
            for (volatile long w = 0; w < 3000000; w++)
                ;
            prod[1] = 7.0;
        }
#pragma omp target update from(prod[0:2]) depend(in: prod[1])
        got += prod[1];
#pragma omp task depend(out: prod[0]) shared(prod)
        {
            for (volatile long w = 0; w < 3000000; w++)
                ;
            prod[0] = 100.0;
        }
#pragma omp target teams distribute parallel for reduction(+: got) map(to: prod[0:2]) \
    depend(in: prod[0]) nowait
        for (int i = 0; i < 10; i++)
            got += prod[0] * i;
#pragma omp taskwait
    }
    int host = 0;
#pragma omp target map(from: host)
    host = omp_is_initial_device();
    double corner = 0.0;
    double *cp = &corner;       /* (a scalar a target writes without map is its own copy) */
#pragma omp target
    {
        *cp = u[1][1] + u[N - 2][N - 2];
    }
    double sq = 0;
#pragma omp target simd reduction(+: sq)
    for (int i = 0; i < N; i++)
        sq += u[1][i] * u[1][i];
    printf("jacobi err %.6f mid %.4f sq %.3f corner %.4f cols %.4f %.4f host %d devices %d\n",
           err, mid, sq, corner, col, col2, host, omp_get_num_devices());
    printf("after the producers: %.1f\n", got);
    free(a);
    free(b);
    free(c);
    free(u);
    free(unew);
    return 0;
}
