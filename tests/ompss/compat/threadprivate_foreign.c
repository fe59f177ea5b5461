/* threadprivate variables that another unit defines, built by gcc (threadprivate_foreign_def.c,
 * -fopenmp): the units share each thread's copy; a region's body that calls the other
 * unit's function, which changes its own copy, and `copyin`: every thread then sees the
 * new value, as in gcc -fopenmp's team.  Built with a definition that is not threadprivate
 * (plain gcc), the link must fail with mcc's error at the directive (gcc's linker refuses
 * it too: tests/ompss/compat/run.sh). */
#include <stdio.h>

extern int counter;
#pragma omp threadprivate(counter)
int bump(void);

int main(void)
{
    int sum = 0;
    #pragma omp parallel copyin(counter)
    {
        bump();
        #pragma omp for reduction(+: sum) schedule(static, 1)
        for (int i = 0; i < 64; i++)
            sum += counter;
    }
    printf("%d\n", sum);
    #pragma omp parallel
    {
        bump();
        #pragma omp for reduction(+: sum) schedule(dynamic, 1)
        for (int i = 0; i < 64; i++)
            sum += counter;
    }
    printf("%d\n", sum);
    return 0;
}
