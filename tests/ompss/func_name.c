/* __func__, __FUNCTION__ and __PRETTY_FUNCTION__ inside inline tasks (and a task nested in
 * one, and a taskloop body) name the function the user wrote, as in the sequential
 * program. */
#include "ompss_check.h"

static const char *names[5];

static void worker_fn(void)
{
#pragma omp task
    {
        names[0] = __func__;
        names[1] = __FUNCTION__;
#pragma omp task
        names[2] = __PRETTY_FUNCTION__;
#pragma omp taskwait
    }
#pragma omp taskloop grainsize(1)
    for (int i = 3; i < 5; i++)
        names[i] = __func__;
#pragma omp taskwait
}

int main(void)
{
    worker_fn();
    for (int i = 0; i < 5; i++)
        CHECK(names[i] && strcmp(names[i], "worker_fn") == 0, "names[%d] = %s", i,
              names[i] ? names[i] : "(null)");
    return result_ok();
}
