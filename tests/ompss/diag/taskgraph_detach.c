/* A detached task inside the block of a taskgraph: a replay has no new event to give the
 * program (OpenMP 6.0: a replayable task may not be detachable). */
#include <omp.h>

void f(int *a, int n)
{
    omp_event_handle_t ev;
#pragma omp taskgraph
    {
        for (int i = 0; i < n; i++) {
#pragma omp task inout(a[i])
            a[i]++;
        }
#pragma omp task detach(ev) inout(a[0])
        a[0]--;
    }
    omp_fulfill_event(ev);
}
