/* ported: ompss
 * Task pragmas where older OmpSs programs put them: on a function prototype declared
 * inside the function that calls it (only those calls are tasks; also with a target
 * device(smp) line), and on a GNU nested
 * function that reads a variable of its enclosing function; an inline task whose body
 * defines its own nested function (it moves out with the body).  Prints the results. */
#include <stdio.h>

static void add_into(int *acc, int v)
{
    *acc += v;
}

static int with_local_prototype(void)
{
#pragma omp task inout(*acc)
    void add_into(int *acc, int v);     /* here, calls of add_into are tasks */
    int acc = 0;
    for (int i = 1; i <= 20; i++)
        add_into(&acc, i);              /* a chain of tasks on acc */
#pragma omp taskwait
    return acc;
}

static int with_target_prototype(void)
{
#pragma omp target device(smp) copy_deps
#pragma omp task inout(*acc)
    void add_into(int *acc, int v);
    int acc = 1;
    for (int i = 0; i < 10; i++)
        add_into(&acc, i % 2 + 1);
#pragma omp taskwait
    return acc;
}

static int with_nested_function(int base)
{
    int out[8] = {0};
#pragma omp task out(*slot)
    void fill(int *slot, int k)
    {
        for (volatile int s = 0; s < 1000; s++)
            ;
        *slot = base * k;
    }
    for (int k = 0; k < 8; k++)
        fill(&out[k], k);
#pragma omp taskwait
    int sum = 0;
    for (int k = 0; k < 8; k++)
        sum += out[k] * (k + 1);
    return sum;
}

static int with_nested_function_in_task(int base)
{
    int out[4] = {0};
    for (int k = 0; k < 4; k++) {
#pragma omp task out(out[k]) firstprivate(k, base)
        {
            int scaled(int x) { return x * base; }
            out[k] = scaled(k + 1);
        }
    }
#pragma omp taskwait
    return out[0] + out[1] + out[2] + out[3];
}

int main(void)
{
    int direct = 0;
    add_into(&direct, 5);               /* not a task: no pragma in scope here */
    printf("local prototype %d, with target %d, nested %d, in task %d, direct %d\n",
           with_local_prototype(), with_target_prototype(), with_nested_function(3),
           with_nested_function_in_task(5), direct);
    return 0;
}
