/* detach is a clause of task, not of taskloop */
#include <omp.h>
void f(int *a)
{
    omp_event_handle_t ev;
#pragma omp taskloop detach(ev)
    for (int i = 0; i < 10; i++)
        a[i] = i;
}
