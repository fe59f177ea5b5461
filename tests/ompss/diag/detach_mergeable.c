/* A detached task cannot be mergeable (OpenMP 5.0: its completion waits for the event, not
 * for the end of its body in its parent's data environment); gcc refuses it too, mcc
 * accepted it. */
#include <omp.h>

int main(void)
{
    int n = 0;
    omp_event_handle_t ev;
#pragma omp task detach(ev) mergeable shared(n)
    n++;
    omp_fulfill_event(ev);
#pragma omp taskwait
    return n - 1;
}
