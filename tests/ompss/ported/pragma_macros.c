/* ported: openmp
   ported-werror
   directives and loops from macros, as codes that hide OpenMP behind their own macros write
   them: `_Pragma(#x)` through a stringizing macro, `parallel for` with its loop from one
   macro, a `for` loop from a macro after a directive, dependences on `a[IDX(i, j)]`, a task
   inside a `do { ... } while (0)` macro with an `_Pragma("omp atomic")` in its block */
#include <stdio.h>

#define N 64
#define IDX(i, j) ((i) * N + (j))
#define PRAGMA(x) _Pragma(#x)
#define PARALLEL_FOR(i, n) PRAGMA(omp parallel for) for (int i = 0; i < (n); i++)
#define FOR_EACH(i, n) for (int i = 0; i < (n); i++)
#define TASK_DEP(kind, x) PRAGMA(omp task depend(kind: x))
#define SPAWN(stmt) do { PRAGMA(omp task) stmt; } while (0)

static double a[N * N];
static long hits;

int main(void)
{
    PARALLEL_FOR(i, N)
        for (int j = 0; j < N; j++)
            a[IDX(i, j)] = i + j;

    #pragma omp parallel
    #pragma omp single
    {
        FOR_EACH(i, N) {
            TASK_DEP(inout, a[IDX(i, 0)])
            a[IDX(i, 0)] *= 2;
            TASK_DEP(in, a[IDX(i, 0)])
            {
                #pragma omp atomic
                hits += (long)a[IDX(i, 0)];
            }
        }
        SPAWN({ _Pragma("omp atomic") hits++; });
    }
    long s = 0;
    #pragma omp parallel for reduction(+: s)
    FOR_EACH(k, N * N)
        s += (long)a[k];
    printf("%ld %ld\n", s, hits);
    return 0;
}
