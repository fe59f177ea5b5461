/* va_start inside constructs mcc lowers in place (a taskgroup, single), valid C that must
 * build and give the sequential result; tasks read the va_list the function started.  (In
 * a task's own body va_start is an error: tests/ompss/diag/task_va_start.) */
#include "ompss_check.h"
#include <stdarg.h>

static int sum(int n, ...)
{
    va_list ap;
    int total = 0;
#pragma omp taskgroup
    {
        va_start(ap, n);
    }
#pragma omp single
    for (int i = 0; i < n; i++)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

int main(void)
{
    int s = sum(4, 1, 2, 3, 4);
    CHECK(s == 10, "sum = %d, expected 10", s);
    printf("va_start_in_place: ok\n");
    return 0;
}
