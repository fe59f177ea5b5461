/* Functions holding tasks whose parameter list defines a struct (`struct pt { int x, y; }
 * *p`, old code and generated code have it): the type is visible in the function alone, so
 * its tasks are nested functions in it, and mcc gives the function no prototype of its own
 * (one would declare another type of that shape: gcc reported conflicting types for it).
 * One task uses the parameter; the other calls its function recursively. */
#include "ompss_check.h"

static int dot(struct pt { int x, y; } *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
#pragma omp task shared(s) firstprivate(i)
        {
#pragma omp atomic
            s += p[i].x * p[i].y;
        }
    }
#pragma omp taskwait
    return s;
}

static int sum_to(struct box { int v; } *b, int n)
{
    int s = 0;
    if (n == 0)
        return b ? b->v : 0;
#pragma omp task shared(s) firstprivate(n)
    s = n + sum_to(0, n - 1);
#pragma omp taskwait
    return s + (b ? b->v : 0);
}

int main(void)
{
    struct { int x, y; } a[4] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}};
    int d = dot((void *)a, 4);
    CHECK(d == 100, "dot %d", d);
    int box = 1000;
    int t = sum_to((void *)&box, 10);
    CHECK(t == 1055, "sum %d", t);
    return result_ok();
}
