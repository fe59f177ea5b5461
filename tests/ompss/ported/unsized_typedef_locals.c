/* ported: openmp
 * ported-werror
 * Locals whose type is a typedef of an array of no size, completed by their initializers
 * (`row_t r = {1, 2, 3};` with `typedef int row_t[];`, `typedef double vec[];`, a typedef
 * of it, a 2-D `typedef int mat[][3];`, a string in a `typedef char str_t[];`, const):
 * captured by tasks firstprivate by default (each task's copy has the initializer's extent:
 * `sizeof r` in the task), shared in a region with dependences on the whole array and on
 * sections of it, firstprivate and private on `taskloop` and `parallel for`, and a
 * reduction beside them; also with a local typedef and a local struct as the element
 * type.  mcc said "sorry, unimplemented: capturing 'r', whose type is an array typedef of
 * no size that its initializer completes" (its copy would have had the typedef's
 * incomplete type), and of the local ones "... whose type is declared inside the
 * function". */
#include <stdio.h>

typedef int row_t[];
typedef double vec[];
typedef vec vec_alias;
typedef int mat[][3];
typedef char str_t[];

static double total(const double *p, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    return s;
}

/* The same with the element type declared in the function: a local typedef of no size,
 * an array of a local struct sized by its initializer (mcc: "sorry, unimplemented:
 * capturing 'lr', whose type is declared inside the function or variably modified"). */
static void local_types(void)
{
    typedef long lrow[];
    struct pt { int x, y; };
    lrow lr = {1, 2, 3, 4};
    struct pt ps[] = {{1, 2}, {3, 4}, {5, 6}};
    long out[4] = {0};
#pragma omp task shared(out)
    out[0] = (long)(sizeof lr / sizeof lr[0]) * 100 + lr[3];
#pragma omp task shared(out)
    out[1] = (long)(sizeof ps / sizeof ps[0]) * 100 + ps[2].y;
#pragma omp taskwait
    /* (shared named: no region around them here; libgomp hung now and then at the end of
       a `parallel` + `single` around these two after main's regions, 4 threads on 2 cores) */
#pragma omp task depend(inout: lr) shared(lr)
    lr[1] = 20;
#pragma omp task depend(in: lr) depend(out: out[2]) shared(lr, out)
    out[2] = lr[1] + (long)(sizeof lr / sizeof lr[0]);
#pragma omp taskwait
    long sum = 0;
#pragma omp taskloop firstprivate(lr, ps) reduction(+: sum)
    for (int i = 0; i < 3; i++)
        sum += lr[i] * ps[i].x + (long)(sizeof ps / sizeof ps[0]);
    out[3] = sum;
    printf("local types %ld %ld %ld %ld\n", out[0], out[1], out[2], out[3]);
}

int main(void)
{
    row_t r = {1, 2, 3, 4, 5};
    const vec cv = {0.5, 1.5};
    mat m = {{1, 2, 3}, {4, 5, 6}};
    vec_alias va = {[6] = 9.0};
    str_t s = "hello";
    long out[6] = {0};

    /* firstprivate by default: each copy is as large as the initializer made it */
#pragma omp task shared(out)
    out[0] = (long)(sizeof r / sizeof r[0]) * 1000 + r[4];
#pragma omp task shared(out)
    out[1] = (long)(sizeof cv / sizeof cv[0]) * 10 + (long)(cv[1] * 2);
#pragma omp task shared(out) firstprivate(m)
    out[2] = (long)(sizeof m / sizeof m[0]) * 100 + m[1][2];
#pragma omp task shared(out)
    out[3] = (long)(sizeof va / sizeof va[0]) * 100 + (long)va[6];
#pragma omp task shared(out)
    out[4] = (long)sizeof s * 1000 + s[1];
#pragma omp task shared(out, r)
    out[5] = (long)sizeof r;
#pragma omp taskwait
    printf("copies %ld %ld %ld %ld %ld %ld\n", out[0], out[1], out[2], out[3], out[4], out[5]);

    /* shared in a region: dependences on the whole array and on sections of it */
    vec v = {1.5, 2.5, 3.5, 4.5, 5.5};
    double got[3] = {0};
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(inout: v)
        for (int i = 0; i < 5; i++)
            v[i] *= 2;
#pragma omp task depend(in: v) depend(out: got[0])
        got[0] = total(v, 5) + (double)(sizeof v / sizeof v[0]);
        /* (OpenMP: the items of sibling tasks' dependences are the same storage or
           disjoint, never v and v[1:2]) */
#pragma omp taskwait
#pragma omp task depend(inout: v[1:2])
        v[1] = v[2] = -1;
#pragma omp task depend(in: v[1:2]) depend(out: got[1])
        got[1] = v[1] + v[2] + v[0];
#pragma omp task depend(inout: r[0:2])
        r[0] = r[1] = 10;
#pragma omp task depend(in: r[0:2]) depend(out: got[2])
        got[2] = r[0] + r[1] + r[3];
    }
    printf("deps %g %g %g %g\n", got[0], got[1], got[2], v[4]);

    /* loops: firstprivate, private, and a reduction beside them */
    int sum = 0, priv = 0;
#pragma omp taskloop firstprivate(r) reduction(+: sum) grainsize(2)
    for (int i = 0; i < 5; i++)
        sum += r[i] * (int)(sizeof r / sizeof r[0]);
#pragma omp taskloop private(r) reduction(+: priv) num_tasks(3)
    for (int i = 0; i < 5; i++) {
        r[i] = i;
        priv += r[i] + (int)(sizeof r / sizeof r[0]);
    }
    long cells = 0;
#pragma omp parallel for firstprivate(m) reduction(+: cells)
    for (int i = 0; i < 2; i++)
        cells += m[i][0] + m[i][2] + (long)(sizeof m / sizeof m[0]);
    printf("loops %d %d %ld\n", sum, priv, cells);
    local_types();
    return 0;
}
