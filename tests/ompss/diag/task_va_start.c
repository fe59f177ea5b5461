/* va_start as a task's body in a variadic function (the 30-minute campaign's mutant of
 * tests/ompss/va_list_tasks.c, seed 16032): the task's body runs in a function of its
 * own, which has no variable arguments, so mcc's output was refused by gcc ("va_start
 * used in function with fixed arguments").  mcc says so at the call. */
#include <stdarg.h>

static int sum(int n, ...)
{
    va_list ap;
    int total = 0;
#pragma omp task shared(total, ap)
    va_start(ap, n);
#pragma omp taskwait
    for (int i = 0; i < n; i++)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

int main(void)
{
    return sum(3, 1, 2, 3) - 6;
}
