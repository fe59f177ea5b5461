/* ported: openmp
 * Tasks created in the sections of an orphaned function that the region's threads all
 * call, sharing the function's parameter and local (mcc runs such sections in order in
 * the encountering task): the sections' end is a barrier, so the tasks have finished when
 * it is passed; they used the function's frame after it had returned (a crash), and the
 * code after the sections read what they had not yet written. */
#include <stdio.h>

#define N 64

static long stages(int *out, int n)
{
    long sum = 0;
    int base = 1000;
    #pragma omp sections
    {
        #pragma omp section
        {
            for (int i = 0; i < n / 2; i++) {
                #pragma omp task shared(out, base) firstprivate(i)
                out[i] = base + i;
            }
        }
        #pragma omp section
        {
            for (int i = n / 2; i < n; i++) {
                #pragma omp task shared(out, base) firstprivate(i)
                out[i] = base + 2 * i;
            }
        }
    }
    for (int i = 0; i < n; i++)
        sum += out[i];
    return sum;
}

int main(void)
{
    static int o[N];
    long total = 0;
    #pragma omp parallel
    {
        long mine = stages(o, N);
        #pragma omp master
        total = mine;
    }
    long check = 0;
    for (int i = 0; i < N; i++)
        check = check * 3 + o[i];
    printf("total=%ld check=%ld\n", total, check);
    return 0;
}
