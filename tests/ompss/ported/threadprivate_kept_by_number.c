/* ported: openmp
 * Threadprivate state set in one parallel region and used in the next ones of the same
 * size, as OpenMP keeps it for each thread number (NPB- and Rodinia-style codes seed a
 * per-thread generator and size per-thread work buffers in one region, then draw from
 * them in the time steps' regions): each thread checks that its copies are the ones its
 * number set and that its generator goes on from its number's last draw.  mcc's teams took
 * their threads from the pool in any order, so thread k met the copies thread j had set.
 */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
#endif

#define STEPS 6
#define BUF 64

static unsigned long long seed;
static int my_number = -1;
static double *work;
#pragma omp threadprivate(seed, my_number, work)

static unsigned draw(void)
{
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(seed >> 33);
}

int main(void)
{
    int step, wrong = 0, freed = 0;

    /* set up: each thread seeds its generator and allocates its buffer */
#pragma omp parallel num_threads(4)
    {
        int me = omp_get_thread_num();
        my_number = me;
        seed = 1000u + 17u * (unsigned)me;
        work = malloc(BUF * sizeof *work);
        for (int i = 0; i < BUF; i++)
            work[i] = me;
#pragma omp barrier
    }
    for (step = 0; step < STEPS; step++) {
#pragma omp parallel num_threads(4) reduction(+: wrong)
        {
            int me = omp_get_thread_num();
            if (my_number != me || !work || work[BUF - 1] != me)
                wrong++;
            /* the generator goes on from where this number's left it */
            unsigned long long want = 1000u + 17u * (unsigned)me;
            for (int i = 0; i < 8 * step; i++)
                want = want * 6364136223846793005ULL + 1442695040888963407ULL;
            if (seed != want)
                wrong++;
            for (int i = 0; i < 8; i++)
                work[draw() % BUF] += 0.0;
#pragma omp barrier
        }
    }
    /* each thread frees what it allocated */
#pragma omp parallel num_threads(4) reduction(+: freed, wrong)
    {
        if (my_number != omp_get_thread_num())
            wrong++;
        free(work);
        work = NULL;
        freed++;
#pragma omp barrier
    }
    printf("wrong copies %d\n", wrong);
    printf("freed %d\n", freed > 0);
    return 0;
}
