/* OMP_STACKSIZE sizes the threads' stacks: with OMP_STACKSIZE=100M (run.sh), loop
 * iterations and tasks whose function has an 80 MiB local array run on every thread (the
 * array's first and last bytes touched, the pages between left alone).  nanort's workers
 * kept their 64 MiB default and the first such task on a worker crashed.  Prints the sums;
 * gcc -fopenmp prints the same (its main thread's stack is the shell's: run.sh raises it). */
#include <stdio.h>

#define BIG (80u << 20)

static __attribute__((noinline)) long deep(int i)
{
    volatile char buf[BIG];
    buf[0] = (char)i;
    buf[BIG - 1] = (char)(i + 1);
    return buf[0] + buf[BIG - 1];
}

int main(void)
{
    long sum = 0;
#pragma omp parallel for reduction(+: sum) schedule(dynamic, 1)
    for (int i = 0; i < 16; i++)
        sum += deep(i);
    printf("loop %ld\n", sum);
    sum = 0;
#pragma omp parallel
#pragma omp single
    for (int i = 0; i < 16; i++) {
#pragma omp task shared(sum)
        {
            long v = deep(i);
#pragma omp atomic
            sum += v;
        }
    }
    printf("tasks %ld\n", sum);
    return 0;
}
