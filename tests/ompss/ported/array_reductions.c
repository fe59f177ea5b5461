/* ported: openmp
 * Reductions as OpenMP codes write them: a histogram over a whole local array
 * (`int hist[B]; reduction(+: hist)`) on a parallel for and on a taskloop, a 2-D array
 * reduction, min/max, a reduction declared at block scope (`declare reduction` inside the
 * function) on a struct, task reductions of a taskgroup with in_reduction tasks, and a
 * taskloop reduction whose iterations create tasks that add to it.  Prints every result. */
#include <stdio.h>

#define N 3000
#define B 16

struct stats {
    long n;
    double sum;
};

static unsigned hash(unsigned x)
{
    x ^= x >> 16;
    x *= 0x45d9f3bu;
    x ^= x >> 16;
    return x;
}

int main(void)
{
    int hist[B] = {0}, hist2[B] = {0};
    long cells[4][5] = {{0}};
    int lo = 1 << 30, hi = -1;
    long tsum = 0, nested = 0;

#pragma omp parallel for reduction(+: hist) reduction(min: lo) reduction(max: hi)
    for (int i = 0; i < N; i++) {
        int v = (int)(hash((unsigned)i) % 1000);
        hist[v % B]++;
        if (v < lo)
            lo = v;
        if (v > hi)
            hi = v;
    }

#pragma omp declare reduction(merge : struct stats : omp_out.n += omp_in.n, omp_out.sum += omp_in.sum) \
    initializer(omp_priv = (struct stats){0, 0.0})
    struct stats st = {0, 0.0};
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop reduction(+: hist2) grainsize(100)
        for (int i = 0; i < N; i++)
            hist2[hash((unsigned)i + 7) % B] += 2;
#pragma omp taskloop reduction(+: cells) num_tasks(7)
        for (int i = 0; i < N; i++)
            cells[i % 4][(i / 4) % 5] += i % 11;
#pragma omp taskloop reduction(merge: st) grainsize(250)
        for (int i = 0; i < N; i++) {
            st.n++;
            st.sum += (i % 10) * 0.5;
        }
#pragma omp taskgroup task_reduction(+: tsum)
        {
            for (int t = 0; t < 40; t++) {
#pragma omp task in_reduction(+: tsum)
                tsum += t * t;
            }
        }
#pragma omp taskloop reduction(+: nested) grainsize(10)
        for (int i = 0; i < 100; i++) {
#pragma omp task in_reduction(+: nested) firstprivate(i)
            nested += i;
            nested += 1000;
        }
    }
    printf("hist:");
    for (int b = 0; b < B; b++)
        printf(" %d", hist[b]);
    printf("\nhist2:");
    for (int b = 0; b < B; b++)
        printf(" %d", hist2[b]);
    printf("\nmin %d max %d\ncells:", lo, hi);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++)
            printf(" %ld", cells[i][j]);
    printf("\nstats %ld %.1f\ntask reduction %ld, nested %ld\n", st.n, st.sum, tsum, nested);
    return 0;
}
