/* The event handle of detach is in no data-sharing clause, firstprivate neither (gcc: "the
 * event handle of a 'detach' clause should not be in a data-sharing clause"); mcc checked
 * shared and private only, and only the first clause of each. */
#include <omp.h>
void f(int n)
{
    omp_event_handle_t ev;
#pragma omp task detach(ev) firstprivate(n) firstprivate(ev)
    omp_fulfill_event(ev);
}
