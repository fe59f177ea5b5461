/* detach on a function task is not implemented */
#include <omp.h>
#pragma omp task detach(ev) in(*p)
void f(const int *p, omp_event_handle_t ev);
