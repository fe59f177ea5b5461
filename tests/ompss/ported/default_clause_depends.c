/* ported: openmp
 * ported-werror
 * A task's default clause decides the data sharing of what its depend clauses name, as
 * in OpenMP (depend is no data-sharing clause): `default(firstprivate) depend(inout: x)`
 * orders the task after the writers of x and before its readers, and the task writes its
 * own copy of x (a scratch value), as `default(private)` does, also of an array whose
 * element it depends on; the last task, with `default(shared)`, updates x itself.  Each
 * line is 1 when the values are the copies' (the sequential build has no copies: its
 * values are the plain variables').  mcc shared x under every default, so the copies'
 * writes reached the caller's variables. */
#include <stdio.h>

static void spin(void)
{
    volatile long z = 0;
    for (long i = 0; i < 200000; i++)
        z += i;
}

static void steps(int *out)
{
    int x = 1, y = 10, blk[4] = {1, 2, 3, 4}, late = 0;
#pragma omp task default(shared) depend(out: x)
    {
        spin();
        x = 2;
    }
#pragma omp task default(firstprivate) depend(inout: x)
    x = 100;                /* its own copy */
#pragma omp task default(private) depend(inout: x, y)
    {
        x = 200;
        y = 300;
    }
#pragma omp task default(firstprivate) depend(inout: blk[1]) shared(late)
    {
        spin();
        blk[1] += 40;       /* its own copy of the array */
        late = blk[1];
    }
#pragma omp task default(shared) depend(inout: x) depend(in: blk[1])
    x = x * 3 + late;
#pragma omp taskwait
    out[0] = x;
    out[1] = y;
    out[2] = blk[1];
}

int main(void)
{
#ifdef _OPENMP
    const int copies = 1;
#else
    const int copies = 0;
#endif
    int out[3] = {0, 0, 0};
#pragma omp parallel
#pragma omp single
    steps(out);
    printf("x %d\n", out[0] == (copies ? 2 * 3 + 42 : 200 * 3 + 42));
    printf("y %d\n", out[1] == (copies ? 10 : 300));
    printf("blk %d\n", out[2] == (copies ? 2 : 42));
    return 0;
}
