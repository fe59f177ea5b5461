/* ported: openmp
 * ported-werror
 * `register` locals read by tasks: implicitly and explicitly firstprivate on a task,
 * firstprivate on a taskloop (mcc took their address to copy them, which gcc refuses);
 * and ones whose address a construct needs (shared by a task, a loop's reduction and
 * lastprivate), which lose the storage class as under gcc -fopenmp (two names of one
 * declaration).  Prints what the tasks computed. */
#include <stdio.h>

int main(void)
{
    register int r = 3;
    register double d = 2.5;
    int x = 0, y = 0;
    double z = 0;
#pragma omp task shared(x)
    x = r;
#pragma omp task firstprivate(r, d) shared(y, z)
    {
        y = r + 1;
        z = d * 2;
    }
#pragma omp taskwait
    int s = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: s) firstprivate(r)
    for (int i = 0; i < 4; i++)
        s += r + i;
    register double sum = 0;
    register int last = 0, other = 5;
#pragma omp parallel for reduction(+ : sum) lastprivate(last)
    for (int i = 0; i < 100; i++) {
        sum += i * 0.5;
        last = i;
    }
    register int shared_r = 3;
#pragma omp task shared(shared_r)
    shared_r += other;
#pragma omp taskwait
    printf("register: %d %d %g %d\n", x, y, z, s);
    printf("address: %.1f %d %d\n", sum, last, shared_r);
    return 0;
}

