/* Tasks that use a va_list: a local one taken by a task as firstprivate (x86-64's va_list
 * is an array, so the task takes a copy of it; mcc initialised the copy with `=` and gcc
 * refused its output: the one-hour campaign's mutant of final_no_clone.c), a shared one
 * with va_copy inside the task, and va_list parameters (pointers after adjustment) used by
 * tasks.  Each function waits for its tasks before va_end, as it must; the results equal
 * the program's without its pragmas. */
#include "ompss_check.h"
#include <stdarg.h>
#include <string.h>

static int sum_firstprivate(int n, ...)
{
    va_list ap;
    int total = 0;
    va_start(ap, n);
#pragma omp task shared(total)
    for (int i = 0; i < n; i++)
        total += va_arg(ap, int);
#pragma omp taskwait
    va_end(ap);
    return total;
}

static int sum_shared_copy(int n, ...)
{
    va_list ap;
    int total = 0;
    va_start(ap, n);
#pragma omp task shared(total, ap)
    {
        va_list cp;
        va_copy(cp, ap);
        for (int i = 0; i < n; i++)
            total += va_arg(cp, int);
        va_end(cp);
    }
#pragma omp taskwait
    va_end(ap);
    return total;
}

static int vsum(int n, va_list ap)
{
    int total = 0;
#pragma omp task shared(total)
    for (int i = 0; i < n; i++)
        total += va_arg(ap, int);
#pragma omp taskwait
    return total;
}

static int sum_parameter(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int t = vsum(n, ap);
    va_end(ap);
    return t;
}

static void vformat(char *out, const char *fmt, va_list ap)
{
#pragma omp task firstprivate(out, fmt)
    vsprintf(out, fmt, ap);
#pragma omp taskwait
}

static void format(char *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vformat(out, fmt, ap);
    va_end(ap);
}

int main(void)
{
    char buf[64];
    format(buf, "%d-%s-%.1f", 7, "x", 2.5);
    int a = sum_firstprivate(3, 1, 2, 3), b = sum_shared_copy(4, 1, 2, 3, 4);
    int c = sum_parameter(5, 1, 2, 3, 4, 5);
    CHECK(a == 6, "sum_firstprivate = %d, expected 6", a);
    CHECK(b == 10, "sum_shared_copy = %d, expected 10", b);
    CHECK(c == 15, "sum_parameter = %d, expected 15", c);
    CHECK(strcmp(buf, "7-x-2.5") == 0, "format gave '%s', expected '7-x-2.5'", buf);
    printf("va_list_tasks: ok\n");
    return 0;
}
