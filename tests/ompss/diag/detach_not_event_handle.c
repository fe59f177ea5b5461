/* detach needs a variable of type omp_event_handle_t */
#include <omp.h>
void f(void)
{
    int ev = 0;
#pragma omp task detach(ev)
    ev++;
}
