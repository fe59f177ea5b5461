/* ported: openmp
 * ported-werror
 * OpenMP 5.x `depend` list items written as any lvalue expression, as gcc accepts them:
 * `*&x`, `*(&a[i])`, `*p++` walking a cursor over an array (the item's side effect happens
 * once, when the task is created), `(*s).f`, `s->cell[i].v`, and a cast `*(int (*)[4])p`
 * naming four elements.  Chains of tasks on the same storage, spelled differently by each
 * task, must run in order (the program prints nothing the cursor's side effect
 * changes: without OpenMP it does not happen).  mcc said "expected a data reference, found '&'" and "expected
 * ',' or ')' after data reference, found '++'". */
#include <stdio.h>

#define N 16

struct cell {
    int v;
    int pad;
};

struct grid {
    int f;
    struct cell cell[N];
};

int main(void)
{
    int x = 1, a[N], b[N], w[4] = {0};
    struct grid g = {0}, *s = &g;
    for (int i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 0;
    }
    int *p = w, *cursor = b;
#pragma omp parallel
#pragma omp single
    {
        for (int k = 0; k < 8; k++) {
#pragma omp task depend(inout: *&x) shared(x)
            x = x * 3 % 1000;
#pragma omp task depend(inout: x) shared(x)
            x = x + k;
        }
        for (int i = 0; i < N; i++) {
#pragma omp task depend(inout: *(&a[i])) shared(a)
            a[i] *= 2;
#pragma omp task depend(in: a[i]) depend(out: *cursor++) shared(a, b)
            b[i] = a[i] + 1;
        }
        for (int i = 0; i < N; i++) {
#pragma omp task depend(in: b[i]) depend(out: s->cell[i].v) shared(b, g)
            g.cell[i].v = b[i] * b[i];
#pragma omp task depend(in: (*s).cell[i].v) depend(inout: (*s).f) shared(g)
            g.f += g.cell[i].v;
        }
#pragma omp task depend(out: *(int (*)[4])p) shared(w)
        for (int i = 0; i < 4; i++)
            w[i] = 100 + i;
#pragma omp task depend(in: w) depend(in: s->f) depend(inout: x) shared(a, w, g, x)
        x += a[0] + a[3] + w[3] + g.f;
#pragma omp taskwait
    }
    /* (the cursor walked one row: at its end under OpenMP, at its start with the pragmas
       ignored) */
    printf("x %d, f %d, cursor on the row's edge %d, w[3] %d\n", x, s->f,
           (int)(cursor - b) % N == 0, p[3]);
    return 0;
}
