/* Cancellation the lowering cannot jump for, with OMP_CANCELLATION=true (the program runs
 * itself again with it when it is unset): an orphaned `cancel parallel` (in a function the
 * region calls; gcc refuses it, mcc binds it at run time) stops the region at its next
 * cancellation point, the implicit barrier of a `for` or an explicit `barrier`, and the
 * tasks of the region created after it do not run; `cancel taskgroup` in a function task
 * ends its body and discards the tasks of the group queued behind it.  Built by plain gcc, everything runs. */
#include "ompss_check.h"
#include "omp.h"

#include <unistd.h>

enum { N = 64 };

static int a[N], ran, past, past_barrier, tasks;

static void stop_region(void)
{
#pragma omp cancel parallel
}

#pragma omp task inout(*x)
static void cancel_group(int *x)
{
    *x += 1;
#pragma omp cancel taskgroup
    *x += 10;
}

int main(int argc, char **argv)
{
    (void)argc;
    if (OMPSS_RUN && !getenv("OMP_CANCELLATION")) {
        setenv("OMP_CANCELLATION", "true", 1);
        execv("/proc/self/exe", argv);
        CHECK(0, "cannot run itself again with OMP_CANCELLATION=true");
    }
#ifdef _OMPSS
    CHECK(omp_get_cancellation() == 1, "omp_get_cancellation() is %d", omp_get_cancellation());
#endif
#pragma omp parallel
    {
        stop_region();
#pragma omp for
        for (int i = 0; i < N; i++)
            a[i] = 1;
        past = 1;
    }
    int set = 0;
    for (int i = 0; i < N; i++)
        set += a[i];
    CHECK(set == IF_OMPSS(0, N), "%d chunks ran after the region was cancelled", set);
    CHECK(past == !OMPSS_RUN, "the region went on past the for's barrier");
#pragma omp parallel
    {
        stop_region();
#pragma omp task
        tasks = 1;
#pragma omp barrier
        past_barrier = 1;
    }
    CHECK(tasks == !OMPSS_RUN, "a task of the cancelled region ran");
    CHECK(past_barrier == !OMPSS_RUN, "the region went on past its barrier");
    int x = 0;
#pragma omp taskgroup
    {
        cancel_group(&x);
        for (int i = 0; i < N; i++) {
#pragma omp task in(x)
            {
#pragma omp atomic
                ran++;
            }
        }
    }
    CHECK(x == IF_OMPSS(1, 11), "the function task's body went on after its cancel (x %d)", x);
    CHECK(ran == IF_OMPSS(0, N), "%d tasks behind the cancelling one ran", ran);
    return result_ok();
}
