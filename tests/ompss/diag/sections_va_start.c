/* Each section of a sections construct runs as a task, in a function of its own:
 * va_start there is refused as in a task (fuzzing mutant, seed 16102, of
 * tests/ompss/va_start_in_place.c, where a taskgroup runs in place and may call it).  The
 * region's team shares `ap`; an orphaned sections writing it would run in place (`ap` is
 * each calling thread's own), where va_start is allowed. */
#include <stdarg.h>

static int sum(int n, ...)
{
    va_list ap;
    int total = 0;
#pragma omp parallel
#pragma omp sections
    {
        va_start(ap, n);
    }
    for (int i = 0; i < n; i++)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

int main(void)
{
    return sum(2, 1, 2) - 3;
}
