/* ported: openmp
 * ported-werror ported-env: OMP_NUM_THREADS=4,2
 * Regions narrower than the workers, as codes that size per-thread data by a num_threads
 * clause write them: `parallel num_threads(NT)` with a `for` adding into part[omp_get_thread_num()]
 * (no atomic: each thread its own element), a `for` filling per-thread scratch rows, and
 * explicit tasks of a single counting into hits[omp_get_thread_num()]; and a nested region
 * without the clause, whose team OMP_NUM_THREADS=4,2 makes 2 (ported-env).  mcc's chunks
 * and tasks ran on any worker, whose numbers reached past NT: elements beyond the arrays
 * were written and sums lost.  Prints the sums and whether a number fell outside the team. */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
#endif

#define NT 2
#define N 6000
#define W 16

static double x[N];
static struct {
    double part[NT];
    double scratch[NT][W];
    long hits[NT];
    double guard[8];            /* what a number past the team would write */
} s;

int main(void)
{
    for (int i = 0; i < N; i++)
        x[i] = (i * 7) % 13;
    int outside = 0;
#pragma omp parallel num_threads(NT)
    {
#pragma omp for schedule(dynamic, 50)
        for (int i = 0; i < N; i++) {
            int me = omp_get_thread_num();
            for (volatile int k = 0; k < 300; k++)   /* (long enough for every worker) */
                ;
            if (me >= NT) {
#pragma omp atomic
                outside++;
                me = 0;
            }
            s.part[me] += x[i];
        }
#pragma omp for
        for (int r = 0; r < 40; r++) {
            int me = omp_get_thread_num();
            if (me >= NT)
                me = NT;                    /* (into guard: counted below) */
            double *row = s.scratch[me];
            for (int k = 0; k < W; k++)
                row[k] = r + k;
            double t = 0;
            for (int k = 0; k < W; k++)
                t += row[k];
            if (t != 16.0 * r + 120.0) {
#pragma omp atomic
                outside++;
            }
        }
#pragma omp single
        for (int t = 0; t < 64; t++) {
#pragma omp task
            {
                int me = omp_get_thread_num();
                if (me >= NT) {
#pragma omp atomic
                    outside++;
                    me = 0;
                }
#pragma omp atomic
                s.hits[me] += t;
            }
        }
    }
    long nested = 0;
#pragma omp parallel reduction(+: nested)
    {
        long mine[NT] = {0, 0};
#pragma omp parallel
        {
#pragma omp for
            for (int i = 0; i < 2000; i++) {
                int me = omp_get_thread_num();
                for (volatile int k = 0; k < 300; k++)
                    ;
                if (me >= NT) {
#pragma omp atomic
                    outside++;
                    me = 0;
                }
#pragma omp atomic
                mine[me] += i % 5;
            }
        }
        nested += mine[0] + mine[1] > 0;
    }
    double guard = 0;
    for (int k = 0; k < 8; k++)
        guard += s.guard[k];
    printf("sum %.1f hits %ld outside %d guard %.1f nested %s\n", s.part[0] + s.part[1],
           s.hits[0] + s.hits[1], outside, guard, nested > 0 ? "summed" : "none");
    return 0;
}
