/* ported: openmp
 * lastprivate(conditional:) on sections, as codes that record the last stage that ran write
 * it: after the construct the variable holds what the lexically last section that assigned
 * it gave it, or its value from before when none did; on `parallel sections`, on `sections`
 * in a region (with nowait and a barrier), and beside a plain lastprivate and a private. */
#include <stdio.h>

static int flags[8] = {1, 0, 1, 1, 0, 0, 1, 0};

int main(void)
{
    int stage = -1, first = -1, none = 7, tail = 0, tmp = 0;
    #pragma omp parallel sections lastprivate(conditional: stage, none) lastprivate(tail) private(tmp)
    {
        #pragma omp section
        {
            tmp = 10;
            if (flags[0])
                stage = tmp;
            tail = 1;
        }
        #pragma omp section
        {
            tmp = 20;
            if (flags[1])
                stage = tmp;
            if (flags[1])
                none = 1;
            tail = 2;
        }
        #pragma omp section
        {
            tmp = 30;
            if (flags[2] && flags[3])
                stage = tmp + 1;
            tail = 3;
        }
        #pragma omp section
        {
            if (flags[4])
                stage = 40;
            tail = 4;
        }
    }
    printf("stage=%d none=%d tail=%d\n", stage, none, tail);

    long total = 0;
    #pragma omp parallel
    {
        #pragma omp sections lastprivate(conditional: first) nowait
        {
            #pragma omp section
            if (flags[5])
                first = 5;
            #pragma omp section
            if (flags[6])
                first = 6;
            #pragma omp section
            if (flags[7])
                first = 7;
        }
        #pragma omp barrier
        #pragma omp single
        total = first * 100;
    }
    printf("first=%d total=%ld\n", first, total);
    return 0;
}
