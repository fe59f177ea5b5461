/* ported: openmp
 * ported-werror
 * OpenMP 5.1's utility directives as codes write them where a macro or a metadirective's
 * default leaves nothing to do: `#pragma omp nothing` in a parallel region, before a
 * single, in a function a task calls and at file level, and `#pragma omp error
 * at(execution) severity(warning)` (a message on stderr, the run goes on).
 * mcc warned "ignoring unknown directive '#pragma omp nothing'", which gcc 12 takes
 * silently: the build failed under -Werror.  Prints the sums. */
#include <stdio.h>

#define N 100
#ifndef OMP_TRACE
#define OMP_TRACE nothing
#endif
#define PRAGMA(x) _Pragma(#x)
#define OMP(x) PRAGMA(omp x)

#pragma omp nothing

static int square(int i)
{
    OMP(OMP_TRACE)
    return i * i;
}

int main(void)
{
    long sum = 0, tasks = 0;
    #pragma omp parallel
    {
        #pragma omp nothing
        #pragma omp for reduction(+: sum)
        for (int i = 0; i < N; i++)
            sum += square(i);
        #pragma omp single
        {
            #pragma omp error at(execution) severity(warning) message("utility_directives: a warning")
            for (int i = 0; i < 10; i++) {
                #pragma omp task shared(tasks)
                {
                    #pragma omp nothing
                    #pragma omp atomic
                    tasks += square(i);
                }
            }
        }
    }
    printf("sum=%ld tasks=%ld\n", sum, tasks);
    return 0;
}
