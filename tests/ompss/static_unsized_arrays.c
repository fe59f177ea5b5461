/* Block-scope static arrays whose size their initializer gives (`static const int
 * tab[] = {...}`, `static const char s[] = "..."`), named by inline tasks (shared, as
 * statics are), in dependences, as a function task's argument, firstprivate and in a
 * reduction: mcc wrote their type into the task as `const int (*)[]`, an incomplete
 * array, and gcc refused `sizeof tab` in the body ("invalid application of 'sizeof' to
 * incomplete type"). */
#include "ompss_check.h"

#pragma omp task in([n]a) inout(*r)
static void sum(int n, const int *a, int *r)
{
    for (int i = 0; i < n; i++)
        *r += a[i];
}

int main(void)
{
    static const int weights[] = {3, 1, 4, 1, 5};
    static int e[] = {1, 2, 3};
    static const char name[] = "blocked";
    static int h[] = {0, 0, 0};
    int r = 0, q = 0, fp = 0;
    sum(sizeof e / sizeof e[0], e, &r);
#pragma omp task inout(e)
    for (unsigned i = 0; i < sizeof e / sizeof *e; i++)
        e[i] *= 2;
#pragma omp task in(e[0:2]) inout(r)
    r += e[2] + (int)sizeof name + name[3];
#pragma omp task out(q)
    {
        q = 0;
        for (unsigned i = 0; i < sizeof weights / sizeof weights[0]; i++)
            q += weights[i] * (int)i;
    }
#pragma omp task reduction(+ : h)
    {
        h[0] += 1;
        h[2] += (int)sizeof h;
    }
#pragma omp task in(e) shared(q)
    {
#pragma omp task in(e[1]) inout(q)
        q += e[1] + (int)sizeof e;
    }
#pragma omp taskwait
#pragma omp task firstprivate(e) shared(fp)
    {
        e[0] = 100;
        fp = e[0] + e[2] + (int)sizeof e;
    }
#pragma omp taskwait
    CHECK(r == 6 + 6 + 8 + 'c', "r = %d", r);
    CHECK(q == 3 * 0 + 1 + 4 * 2 + 1 * 3 + 5 * 4 + 4 + 12, "q = %d", q);
    CHECK(h[0] == 1 && h[1] == 0 && h[2] == 12, "h = {%d, %d, %d}", h[0], h[1], h[2]);
    CHECK(fp == 100 + 6 + 12, "fp = %d", fp);
    CHECK(e[0] == IF_OMPSS(2, 100) && e[1] == 4 && e[2] == 6, "e = {%d, %d, %d}", e[0], e[1], e[2]);
    printf("static_unsized_arrays: ok\n");
    return 0;
}
