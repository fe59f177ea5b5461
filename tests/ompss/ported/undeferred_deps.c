/* ported: openmp
   ported-werror
   undeferred tasks that still wait for their dependences: `if(0)` after a slow writer, a
   `final(1)` task whose child is included, an `if(false)` task waiting on two writers */
#include <stdio.h>

static void slow_set(int *p, int v)
{
    volatile double x = 0;
    for (int k = 0; k < 2000000; k++)
        x += k;
    *p = v;
}

int main(void)
{
    int a = 0, b = 0, c = 0, seen[4] = {0};
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task depend(out: a) shared(a)
        slow_set(&a, 1);
        #pragma omp task if(0) depend(in: a) shared(a, seen)
        seen[0] = a;
        #pragma omp task depend(out: b) shared(b)
        slow_set(&b, 2);
        #pragma omp task final(1) depend(inout: b) shared(b, seen)
        {
            seen[1] = b;
            #pragma omp task shared(b)
            b += 10;
            seen[2] = b;
        }
        #pragma omp task depend(out: c) shared(c)
        slow_set(&c, 3);
        #pragma omp task depend(in: c) depend(in: b) shared(b, c, seen) if(seen[0] != 1)
        seen[3] = c + b;
        #pragma omp taskwait
    }
    printf("%d %d %d %d b=%d\n", seen[0], seen[1], seen[2], seen[3], b);
    return 0;
}
