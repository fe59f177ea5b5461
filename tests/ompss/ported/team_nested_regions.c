/* ported: openmp
 * ported-werror
 * Parallel regions nested in a region's body, which every thread of the outer team runs
 * whole (nesting inactive, as by default: a team of one each): a `parallel for
 * reduction(+: s)` in a `parallel reduction(+: s)` (each outer thread adds all of 0..9),
 * the same through functions the body calls (one returning its region's sum, one adding
 * a region's `for` sum through a pointer), an `atomic` add of a called region's sum in a
 * body that counts nothing itself, an inner region asking its own team's size and thread
 * number (1 and 0), and a nested `parallel for` beside a `for` of the outer team.  mcc ran
 * each outer body once: one inner sum where OpenMP adds one per outer thread. */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
static int omp_get_max_threads(void) { return 1; }
#endif

static int region_sum(void)
{
    int s = 0;
#pragma omp parallel for reduction(+: s)
    for (int i = 0; i < 10; i++)
        s += i;
    return s;
}

static void region_add(int *acc)
{
    int s = 0;
#pragma omp parallel
    {
#pragma omp for reduction(+: s)
        for (int i = 0; i < 10; i++)
            s += i;
    }
    *acc += s;
}

int main(void)
{
    int nt = omp_get_max_threads();
    int s = 0, a = 0, b = 0, c = 0, d = 0, e = 0, f = 0;
#pragma omp parallel reduction(+: s)
    {
#pragma omp parallel for reduction(+: s)
        for (int i = 0; i < 10; i++)
            s += i;
    }
#pragma omp parallel reduction(+: a)
    a += region_sum();
#pragma omp parallel reduction(+: b)
    region_add(&b);
#pragma omp parallel
    {
        int t = region_sum();
#pragma omp atomic
        c += t;
    }
#pragma omp parallel reduction(+: d)
    {
#pragma omp parallel reduction(+: d)
        d += 100 * omp_get_num_threads() + omp_get_thread_num() + 1;
    }
#pragma omp parallel reduction(+: e, f)
    {
#pragma omp for
        for (int i = 0; i < 4; i++)
            f += i;
#pragma omp parallel for reduction(+: e)
        for (int i = 0; i < 10; i++)
            e += i;
    }
    printf("per outer thread: %d %d %d %d %d %d\n", s == 45 * nt, a == 45 * nt, b == 45 * nt,
           c == 45 * nt, d == 101 * nt, e == 45 * nt);
    printf("outer for: %d\n", f);
    return 0;
}
