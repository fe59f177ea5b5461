/* ported: openmp
 * ported-werror
 * Detached tasks waited for in other ways than a taskwait: an undeferred task (`if(0)`)
 * with `depend(in: v)` on a detached producer whose event a queued sibling fulfils (the
 * creator must run that sibling while it waits, one worker too), then `taskwait
 * depend(inout: v)`; a taskgroup whose detached member a grandchild of a sibling fulfils,
 * with a reader depending on it inside the group.  omp_fulfill_event under `#ifdef
 * _OPENMP` (the sequential program has no events). */
#include <stdio.h>
#include <omp.h>

static void undeferred_reader(void)
{
    double v = 0, r = 0;
#pragma omp parallel
#pragma omp single
    {
        omp_event_handle_t e __attribute__((unused));
#pragma omp task depend(out: v) detach(e) shared(v)
        v = 42;
#pragma omp task firstprivate(e)
        {
            for (volatile int i = 0; i < 50000; i++)
                ;
#ifdef _OPENMP
            omp_fulfill_event(e);
#endif
        }
#pragma omp task if(0) depend(in: v) shared(v, r)
        r = v + 1;
#pragma omp taskwait depend(inout: v)
        v += 1;
    }
    printf("undeferred: %g %g\n", v, r);
}

static void group_of_detached(void)
{
    long v = 0, w = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup
        {
            omp_event_handle_t e __attribute__((unused));
#pragma omp task detach(e) shared(v) depend(out: v)
            v = 7;
#pragma omp task firstprivate(e)
            {
#pragma omp task firstprivate(e)
                {
                    for (volatile int i = 0; i < 100000; i++)
                        ;
#ifdef _OPENMP
                    omp_fulfill_event(e);
#endif
                }
            }
#pragma omp task depend(in: v) shared(v, w)
            w = v * 3;
        }
        v += w;
    }
    printf("taskgroup: %ld %ld\n", v, w);
}

int main(void)
{
    undeferred_reader();
    group_of_detached();
    return 0;
}
