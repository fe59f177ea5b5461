/* The program the debugger tests stop in (tests/mcc/debug/run.sh): an inline task with a
 * shared and a firstprivate variable, a function task, a taskloop, a reduction, a nested
 * task, a critical section and a recursive function with a final cut-off (its serial
 * clone).  Lines the tests name carry a marker comment "@name"; keep each on its own
 * line.  Indented with spaces and single blanks, as gcc -E keeps them. */
#include <stdio.h>

struct pt {
    int x, y;
};

#pragma omp task inout(*acc)
static void add(int *acc, int v)
{
    int twice = v * 2; /* @fn_body */
    *acc += twice;
}

static int scale(int k)
{
    int base = 10;
    int out = 0;
    #pragma omp task shared(out) firstprivate(base) /* @inline_pragma */
    {
        int t = base * k; /* @inline_body1 */
        out = t + 1; /* @inline_body2 */
        out += 2; /* @inline_body3 */
    }
    #pragma omp taskwait /* @inline_wait */
    return out; /* @after_tasks */
}

static long fib(int n)
{
    long a, b;
    if (n < 2)
        return n;
    #pragma omp task shared(a) final(n < 6) /* @fib_pragma */
    a = fib(n - 1); /* @fib_body */
    #pragma omp task shared(b) final(n < 6)
    b = fib(n - 2);
    #pragma omp taskwait
    return a + b;
}

static int total(const int *v, int n)
{
    int s = 0;
    #pragma omp task reduction(+: s) firstprivate(v, n)
    {
        for (int i = 0; i < n; i++) /* @red_for */
            s += v[i]; /* @red_body */
        #pragma omp task shared(s) label(bump)
        {
            #pragma omp critical
            s += 1000; /* @nested_body */
        }
    }
    #pragma omp taskwait
    return s;
}

int main(void)
{
    int acc = 0;
    int sum[8] = {0};
    struct pt p = {3, 4};
    add(&acc, 5); /* @fn_call */
    #pragma omp taskloop grainsize(2) shared(sum) firstprivate(p) /* @loop_pragma */
    for (int i = 0; i < 8; i++)
        sum[i] = i * p.x + p.y; /* @loop_body */
    #pragma omp taskwait
    int s = scale(4); /* @outside */
    printf("%d %d %d %ld %d\n", acc, s, sum[7], fib(12), total(sum, 8));
    return 0;
}
