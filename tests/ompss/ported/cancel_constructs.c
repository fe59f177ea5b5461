/* ported: openmp
 * ported-werror
 * ported-env: OMP_CANCELLATION=true
 * Cancellation as codes write it, run with OMP_CANCELLATION unset and true.  Taskgroups:
 * tasks queued behind the task that cancels (they depend on it) are discarded, and the
 * canceller skips the rest of its body; a task after the group that depends on the
 * discarded tasks' data still runs (their dependences are released); a running task stops
 * at its `cancellation point taskgroup` once its child cancelled the group; `if(false)`
 * cancels nothing; a nested group's cancel leaves the outer group's tasks alone.
 * Worksharing and regions: a search loop finds its item either way; the iterations of the
 * canceller's chunk after it (schedule(static, 10)) do not run; `cancellation point for`
 * in every iteration; the section that cancels skips the rest of its body; every thread
 * that cancels the region skips the rest of it; `if(false)` cancels nothing.  Each line
 * is 1 when what ran is what cancel-var (omp_get_cancellation(), 0 in the sequential
 * build) says, so every build prints the sequential program's output. */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static void taskgroups(int on)
{
    int ran = 0, after = 0, late = 0, x = 0, y = 0;
    int kept = 0, kept_after = 0, stopped = 0, child = 0;
    int inner_ran = 0, outer_ran = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskgroup
        {
            #pragma omp task depend(out: x) shared(after)
            {
                #pragma omp cancel taskgroup
                #pragma omp atomic
                after++;
            }
            for (int i = 0; i < 20; i++) {
                #pragma omp task depend(in: x) shared(ran)
                {
                    #pragma omp atomic
                    ran++;
                }
            }
        }
        #pragma omp task depend(inout: x) shared(late, x)
        late = ++x;
        #pragma omp taskwait

        #pragma omp taskgroup
        {
            #pragma omp task depend(out: y) shared(kept_after)
            {
                #pragma omp cancel taskgroup if(y < 0)
                #pragma omp atomic
                kept_after++;
            }
            for (int i = 0; i < 20; i++) {
                #pragma omp task depend(in: y) shared(kept)
                {
                    #pragma omp atomic
                    kept++;
                }
            }
        }

        #pragma omp taskgroup
        {
            #pragma omp task shared(stopped, child)
            {
                #pragma omp task shared(child)
                {
                    child = 1;
                    #pragma omp cancel taskgroup
                }
                #pragma omp taskwait
                #pragma omp cancellation point taskgroup
                stopped = 1;
            }
        }

        #pragma omp taskgroup
        {
            #pragma omp task depend(out: x) shared(outer_ran)
            {
                #pragma omp taskgroup
                {
                    #pragma omp task shared(inner_ran)
                    {
                        #pragma omp cancel taskgroup
                        #pragma omp atomic
                        inner_ran++;
                    }
                }
            }
            for (int i = 0; i < 5; i++) {
                #pragma omp task depend(in: x) shared(outer_ran)
                {
                    #pragma omp atomic
                    outer_ran++;
                }
            }
        }
    }
    printf("discarded behind the canceller: %d\n", ran == (on ? 0 : 20));
    printf("canceller ends at the cancel: %d\n", after == (on ? 0 : 1));
    printf("successor of discarded tasks ran: %d %d\n", late, x + y);
    printf("if(false) cancels nothing: %d %d\n", kept == 20, kept_after == 1);
    printf("cancellation point stops a running task: %d %d\n", child, stopped == !on);
    printf("inner group cancelled, outer not: %d %d\n", inner_ran == !on, outer_ran == 5);
}

enum { N = 1000 };

static void worksharing(int on)
{
    static int a[N], hit[N], all[N];
    int found = -1;
    for (int i = 0; i < N; i++)
        a[i] = (i * 37) % N;
    #pragma omp parallel
    #pragma omp for schedule(static, 10)
    for (int i = 0; i < N; i++) {
        if (a[i] == N - 1) {
            #pragma omp critical
            found = i;
            #pragma omp cancel for
        }
        #pragma omp cancellation point for
    }
    #pragma omp parallel
    {
        #pragma omp for schedule(static, 10)
        for (int i = 0; i < 100; i++) {
            if (i == 0) {
                #pragma omp cancel for
            }
            hit[i] = 1;
        }
        #pragma omp for schedule(static, 10)
        for (int i = 0; i < 100; i++) {
            #pragma omp cancel for if(i < 0)
            all[i] = 1;
        }
    }
    int first = 0, every = 0;
    for (int i = 0; i < 10; i++)
        first += hit[i];
    for (int i = 0; i < 100; i++)
        every += all[i];

    int s1 = 0, s1_after = 0, s2 = 0, s2_after = 0;
    #pragma omp parallel
    #pragma omp sections
    {
        #pragma omp section
        {
            s1 = 1;
            #pragma omp cancel sections
            s1_after = 1;
        }
        #pragma omp section
        {
            s2 = 1;
            #pragma omp cancel sections if(s2 == 0)
            s2_after = 1;
        }
    }

    int before = 0, past = 0, kept = 0;
    /* (flags every thread sets, not counts: mcc runs a body with a `cancel parallel` once,
       as a team of one, and warns that a count there would be 1) */
    #pragma omp parallel
    {
        before = 1;
        #pragma omp cancel parallel
        past = 1;
    }
    #pragma omp parallel
    {
        #pragma omp cancel parallel if(before < 0)
        #pragma omp barrier
        #pragma omp cancellation point parallel
        kept = 1;
    }
    printf("search found %d\n", found);
    printf("canceller's chunk stops: %d\n", first == (on ? 0 : 10));
    printf("if(false) loop complete: %d\n", every == 100);
    printf("section ends at the cancel: %d %d %d\n", s1, s1_after == !on, s2 >= s2_after);
    printf("region ends at the cancel: %d %d\n", before > 0, past == (on ? 0 : before));
    printf("if(false) region complete: %d\n", kept == before);
}

int main(void)
{
#ifdef _OPENMP
    int on = omp_get_cancellation();
#else
    int on = 0;
#endif
    taskgroups(on);
    worksharing(on);
    return 0;
}
