/* Under final, functions whose tasks cannot take mcc's serial clone still run right: a
 * function with a static local (a clone would count in a second object) and a variadic one
 * (its arguments cannot be passed on).  nanort runs their tasks undeferred instead. */
#include <stdarg.h>
#include "ompss_check.h"

static int counted(int n)
{
    static int calls;
    int r = 0;
#pragma omp task shared(r)
    r = n;
#pragma omp taskwait
    calls++;
    return calls * 100 + r;
}

static int sum(int n, ...)
{
    va_list ap;
    int total = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        int x = va_arg(ap, int);
#pragma omp task shared(total) firstprivate(x)
        {
#pragma omp atomic
            total += x;
        }
    }
    va_end(ap);
#pragma omp taskwait
    return total;
}

int main(void)
{
    int a = 0, s = 0;
#pragma omp task final(1) shared(a, s)
    {
        counted(1);
        counted(2);
        a = counted(3);
        s = sum(3, 1, 2, 3);
    }
#pragma omp taskwait
    int b = counted(4);
    CHECK(a == 303, "a = %d, expected 303", a);
    CHECK(b == 404, "b = %d, expected 404 (one static counter)", b);
    CHECK(s == 6, "s = %d", s);
    return result_ok();
}
