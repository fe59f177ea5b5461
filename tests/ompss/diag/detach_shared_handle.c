/* the event handle of detach is firstprivate: shared(ev) is an error */
#include <omp.h>
void f(void)
{
    omp_event_handle_t ev;
#pragma omp task detach(ev) shared(ev)
    omp_fulfill_event(ev);
}
