/* ported: openmp
 * ported-werror
 * copyin of threadprivate data, as older OpenMP codes set per-thread parameters: the
 * encountering thread's values (a scalar, an array, a struct) are every thread's at the
 * start of the region (also two names of one declaration), read by tasks and by loop
 * iterations on any thread through called functions that name the variables (not the
 * loop), a second region with new values, a `parallel for copyin`, and a region without
 * copyin after (the threads' copies keep the last values), and a region whose own code
 * updates the copies before a loop reads them, also through a function it calls.  mcc
 * refused copyin ("sorry") and threadprivate of names declared together, and a copy set
 * by a called function stayed old on the other workers. */
#include <stdio.h>

struct params {
    int base, step;
};

static int level = 1;
static double weight[4];
static struct params par;
#pragma omp threadprivate(level, weight, par)
static int calls, hits = 0;     /* two names of one declaration, both threadprivate */
#pragma omp threadprivate(calls, hits)

static double term(int i)
{
    calls++;
    return weight[i % 4] * level + par.base + par.step * (i % 3) + hits;
}

static void set_level(int l);

static void set_params(int base)
{
    par.base = base;
    set_level(base / 10);
}

int main(void)
{
    double s1 = 0, s2 = 0, s3 = 0, s4 = 0;
    level = 3;
    for (int k = 0; k < 4; k++)
        weight[k] = k + 0.5;
    par = (struct params){10, 2};
    hits = 1;
#pragma omp parallel copyin(level, weight, par, hits)
    {
#pragma omp single
        for (int t = 0; t < 40; t++) {
#pragma omp task firstprivate(t) shared(s1)
            {
                double v = term(t);
#pragma omp atomic
                s1 += v;
            }
        }
#pragma omp for reduction(+ : s2) schedule(dynamic, 5)
        for (int i = 0; i < 400; i++)
            s2 += term(i);
    }
    level = 5;
    par.step = 7;
#pragma omp parallel for copyin(level, par) reduction(+ : s3)
    for (int i = 0; i < 400; i++)
        s3 += term(i);
#pragma omp parallel for reduction(+ : s4)
    for (int i = 0; i < 400; i++)
        s4 += term(i);
    /* every thread of the team updates its copy in the region's own code: loop iterations
     * and tasks on any thread then read the new value (mcc ran that code on one thread) */
    double s5 = 0;
#pragma omp parallel copyin(level) reduction(+ : s5)
    {
        level += 2;
        hits = level;
#pragma omp barrier
#pragma omp for schedule(dynamic, 7)
        for (int i = 0; i < 400; i++)
            s5 += term(i);
    }
    double s6 = 0;
#pragma omp parallel reduction(+ : s6)
    {
        set_params(40);
#pragma omp for schedule(static, 10)
        for (int i = 0; i < 400; i++) {
            for (volatile int k = 0; k < 2000; k++)     /* (long enough to be stolen) */
                ;
            s6 += term(i);
        }
    }
    printf("%.1f %.1f %.1f %.1f %.1f %.1f\n", s1, s2, s3, s4, s5, s6);
    return 0;
}

static void set_level(int l)
{
    level = l;
}
