/* detach takes exactly one event handle */
#include <omp.h>
void f(void)
{
    omp_event_handle_t e1, e2;
#pragma omp task detach(e1, e2)
    omp_fulfill_event(e1);
}
